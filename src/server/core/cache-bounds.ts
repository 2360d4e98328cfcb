/**
 * The bound of one of the process's caches, from the environment (a positive number; see .env.example, where
 * every cache's bounds are listed), else its default. Read once, when the cache is made.
 */
export function cacheBound(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const MB = 1024 * 1024;

/** A PageCache's bounds: `<PREFIX>_MAX_ENTRIES` entries and `<PREFIX>_MAX_MB` megabytes in all. */
export const pageCacheBounds = (prefix: string, entries: number, mb: number) => ({
  maxEntries: cacheBound(`${prefix}_MAX_ENTRIES`, entries),
  maxBytes: cacheBound(`${prefix}_MAX_MB`, mb) * MB,
});
