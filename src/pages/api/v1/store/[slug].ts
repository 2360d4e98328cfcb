import { route } from '@/server/web/route';
import { cacheHeader } from '@/server/web/cache';
import { ok } from '@/server/web/envelope';
import { parseListingQuery } from '@/server/catalog/listing';
import { getStoreResponse } from '@/server/stores/store-response';
import { withoutScope } from '@/lib/listing-filters';

/**
 * `store/{slug}?min&max&rating&sort&page&per_page`: `{store, vouchers, result, following, …facets}`.
 * `following` is null for guests and true/false for a signed-in reader.
 */
export const ALL = route({
  GET: async ({ params, url, locals }) => {
    const filters = withoutScope(parseListingQuery(url.searchParams));
    return ok(await getStoreResponse(params.slug ?? '', filters, locals.user?.id ?? null), {
      headers: cacheHeader('private'),
    });
  },
});
