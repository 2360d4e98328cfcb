import { AsyncLocalStorage } from 'node:async_hooks';
import { log } from '@/server/core/logger.mjs';

/**
 * Work that runs after the answer is sent (mail, for now). Its failure is logged, never the shopper's
 * error, and an answer never waits for it — not even for its CPU or database time, as work queued
 * during a request starts only once that request's answer has been handed to the socket — so how long
 * an answer takes cannot tell what this work found (docs/decisions/0007: forgot-password). It lives in
 * this process only: if the process dies the work is lost. Mail is safe all the same: it is a row in the outbox
 * first (mail/sender.ts), and the work queued here only sends it sooner than the sender's next poll.
 */
const pending = new Set<Promise<void>>();
/** The gates of tasks queued by the request being handled (see sendThenRun). */
const requestGates = new AsyncLocalStorage<(() => void)[]>();
/** A task waits at most this long for its request's answer to be sent (a body nobody reads). */
const GATE_LIMIT_MS = 5_000;

/** Queues `task` to run after the current request's answer has been sent (outside a request: next turn). */
export function runAfterAnswer(label: string, task: () => Promise<void>): void {
  const gates = requestGates.getStore();
  const opened = new Promise<void>((resolve) => {
    if (!gates) return void setImmediate(resolve);
    const timer = setTimeout(resolve, GATE_LIMIT_MS);
    gates.push(() => {
      clearTimeout(timer);
      setImmediate(resolve);
    });
  });
  const run: Promise<void> = opened
    .then(task)
    .catch((err: unknown) => log.error({ err }, `${label}: failed after the answer was sent`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Handles a request so that work it queues (runAfterAnswer) starts once its response body has been read out. */
export async function sendThenRun(handle: () => Promise<Response>): Promise<Response> {
  const gates: (() => void)[] = [];
  const response = await requestGates.run(gates, handle);
  const open = () => gates.splice(0).forEach((openGate) => openGate());
  if (!gates.length) return response;
  if (!response.body) {
    open();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (value) controller.enqueue(value);
      if (done) {
        controller.close();
        open();
      }
    },
    cancel(reason) {
      open();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** How many tasks are queued or running. */
export const pendingAfterAnswer = (): number => pending.size;

/** True while a request is being handled (work queued now waits for its answer). */
export const insideRequest = (): boolean => requestGates.getStore() !== undefined;

/**
 * Work to do once more when a caller settles: a task queued outside a request starts on the next turn, which may
 * be before the caller's transaction commits (on PostgreSQL a mail's delivery round then finds no row yet); the
 * caller settles once its work is done and committed (a command, a test), and these run then (mail/sender.ts).
 */
const settlers = new Set<() => Promise<void>>();
export const onSettle = (settle: () => Promise<void>): void => void settlers.add(settle);

/** Resolves when every queued task has finished, and what waits for a settle has run (shutdown waits for mail in flight). */
export async function settleAfterAnswer(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
  for (const settle of settlers) await settle();
  while (pending.size) await Promise.all([...pending]);
}
