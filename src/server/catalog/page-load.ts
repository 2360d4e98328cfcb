import { isAppError } from '@/server/core/errors';
import { readListingQueryLeniently } from '@/lib/schemas/listing';
import type { ListingFilters } from '@/lib/listing-filters';

/** Awaits a page's data; an unknown item (NOT_FOUND) or an impossible request gives null, for the 404 page. */
export async function orNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (isAppError(err) && (err.code === 'NOT_FOUND' || err.code === 'VALIDATION')) return null;
    throw err;
  }
}

/** Filters of a page's query string: bad values are left out (and named), never an error page. */
export function pageFilters(url: URL, fixed: Partial<ListingFilters> = {}): { filters: ListingFilters; ignored: string[] } {
  const { filters, ignored } = readListingQueryLeniently(url.searchParams);
  return { filters: { ...filters, ...fixed }, ignored };
}
