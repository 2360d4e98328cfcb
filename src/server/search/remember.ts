// Counting and grouping every match of a broad word ("usb") scans thousands of rows, while a page of
// results comes from the index in a few ms. Like listing totals, counts are kept per query and filters
// for a few seconds in each process: paging and sorting reuse them, and staleness is short.
const TTL_MS = 15_000;
const ENTRIES = 500;
const remembered = new Map<string, { at: number; value: Promise<unknown> }>();

/** The value for this key computed in the last few seconds, or a fresh one (failures are not kept). */
export function rememberFor<T>(key: string, now: number, compute: () => Promise<T>): Promise<T> {
  const hit = remembered.get(key);
  if (hit && now >= hit.at && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (remembered.size >= ENTRIES) remembered.clear();
  const value = compute();
  remembered.set(key, { at: now, value });
  value.catch(() => remembered.delete(key));
  return value;
}

/** Forgets remembered counts (tests, after bulk changes). */
export function clearSearchCounts(): void {
  remembered.clear();
}
