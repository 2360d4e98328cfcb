/**
 * Building a kept answer once (page-caching.ts, api-caching.ts): a request arriving while another builds
 * the same key waits for it and gets what it kept; when that one kept nothing (null) — or nobody was
 * building — it builds its own. `build` gives its own result and what others may share.
 */
export async function oneBuildAtATime<Kept, Result>(
  inFlight: Map<string, Promise<Kept | null>>,
  key: string,
  fromWaited: (kept: Kept) => Result | Promise<Result>,
  build: () => Promise<{ result: Result; kept: Kept | null }>,
): Promise<Result> {
  const pending = inFlight.get(key);
  const waited = pending && (await pending);
  if (waited) return fromWaited(waited);
  let done: (kept: Kept | null) => void = () => {};
  if (!pending) inFlight.set(key, new Promise<Kept | null>((resolve) => (done = resolve)));
  try {
    const { result, kept } = await build();
    done(kept);
    return result;
  } catch (err) {
    done(null);
    throw err;
  } finally {
    if (!pending) inFlight.delete(key);
  }
}

/** Runs `fn` with the request's identity set aside (a shared copy is built as nobody in particular), then puts it back. */
export async function asNobody<T>(locals: App.Locals, fn: () => Promise<T>): Promise<T> {
  const identity = { user: locals.user, guestToken: locals.guestToken, sessionHash: locals.sessionHash, session: locals.session };
  Object.assign(locals, { user: null, guestToken: null, sessionHash: null, session: null });
  try {
    return await fn();
  } finally {
    Object.assign(locals, identity);
  }
}
