/**
 * Catalog API answers carry nothing per person (wishlisted is always null there), so shared caches
 * may keep them briefly; islands that need fresh data for a person call the user endpoints.
 */
export const CATALOG_API_CACHE = { 'cache-control': 'public, max-age=60, stale-while-revalidate=600' } as const;
