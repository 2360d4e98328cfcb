/**
 * A value each process keeps for a few seconds: settings, languages, the category tree. They change
 * rarely and nearly every request reads them, so a burst of requests costs one query. It is only a
 * cache: several processes each keep their own; a change announced with announceChange()
 * (core/invalidation.ts) empties them in every process at once, and anything else shows within the TTL.
 */
export interface Memo<T> {
  get(): Promise<T>;
  clear(): void;
}

const all = new Set<{ clear(): void }>();

/** Wraps `load` so its result is reused for `ttlMs`; a failed load is not kept. */
export function memoFor<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): Memo<T> {
  let cached: { at: number; value: Promise<T> } | undefined;
  const memo: Memo<T> = {
    get() {
      const at = now();
      if (cached && at - cached.at < ttlMs) return cached.value;
      const value = load();
      const entry = { at, value };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return value;
    },
    clear() {
      cached = undefined;
    },
  };
  all.add(memo);
  return memo;
}

/** Values per key, each kept for `ttlMs` (at most `maxEntries` keys; a full table starts over). */
export interface KeyedMemo<T> {
  get(key: string, now: number, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/** Like memoFor, per key: listing totals and search counts per filter set. A failed load is not kept. */
export function keyedMemo<T>(ttlMs: number, maxEntries: number): KeyedMemo<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  const memo: KeyedMemo<T> = {
    get(key, now, load) {
      const hit = entries.get(key);
      if (hit && now >= hit.at && now - hit.at < ttlMs) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      const entry = { at: now, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
  all.add(memo);
  return memo;
}

/** Caches that a narrow change empties alone (`clearMemos('sessions')`), by topic. */
const byTopic = new Map<string, Set<{ clear(): void }>>();

/**
 * Adds another per-process cache (the guest page cache) to what clearMemos() forgets; with a topic,
 * `clearMemos(topic)` forgets it alone (a sign-out need not empty the page cache).
 */
export function registerCache(cache: { clear(): void }, topic?: string): void {
  all.add(cache);
  if (topic) byTopic.set(topic, (byTopic.get(topic) ?? new Set()).add(cache));
}

/** Forgets every memo and registered cache of this process (tests; a change announced by core/invalidation.ts), or only a topic's. */
export function clearMemos(topic?: string): void {
  for (const memo of topic ? (byTopic.get(topic) ?? []) : all) memo.clear();
}
