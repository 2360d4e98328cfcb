import { keyedMemo } from '@/server/core/memo';

// Counting and grouping every match of a broad word ("usb") scans thousands of rows, while a page of
// results comes from the index in a few ms. Like listing totals, counts are kept per query and filters
// for a few seconds in each process: paging and sorting reuse them, and staleness is short.
const remembered = keyedMemo<unknown>(15_000, 500);

/** The value for this key computed in the last few seconds, or a fresh one (failures are not kept). */
export const rememberFor = <T>(key: string, now: number, compute: () => Promise<T>): Promise<T> =>
  remembered.get(key, now, compute) as Promise<T>;

/** Forgets remembered counts (tests, after bulk changes). */
export const clearSearchCounts = (): void => remembered.clear();
