const seen = new WeakMap<object, Set<string>>();

/**
 * True the first time `what` is asked for during one request (`key`: the request's locals), so a block
 * every tile needs (icons, messages for the script) is written into the page once, not once per tile.
 */
export function firstInRequest(key: object, what: string): boolean {
  let done = seen.get(key);
  if (!done) {
    done = new Set();
    seen.set(key, done);
  }
  if (done.has(what)) return false;
  done.add(what);
  return true;
}
