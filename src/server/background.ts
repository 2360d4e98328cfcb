/**
 * Work that runs after the answer is sent (mail, for now). Its failure is logged, never the shopper's
 * error, and an answer never waits for it, so how long an answer takes cannot tell what this work
 * found (docs/decisions/0007: forgot-password). It lives in this process only: if the process dies the
 * work is lost, as a mail lost in transit would be, and the shopper asks again.
 */
const pending = new Set<Promise<void>>();

/** Starts `task` once the current request's code has returned (on the next turn of the event loop). */
export function runAfterAnswer(label: string, task: () => Promise<void>): void {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((err: unknown) => console.error(`[${label}] failed after the answer was sent`, err))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** How many tasks are queued or running. */
export const pendingAfterAnswer = (): number => pending.size;

/** Resolves when every queued task has finished (shutdown waits for mail in flight). */
export async function settleAfterAnswer(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
