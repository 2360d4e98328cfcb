import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { parseListingQuery } from '@/server/catalog/listing';
import { getListingResponse } from '@/server/catalog/listing-response';
import { cacheHeader } from '@/server/web/cache';

/** `all?category={slug}&sub_category={slug}&min&max&rating&sort&page&per_page`; the mega menu reads `data.result.data`. */
export const ALL = route(
  {
    GET: async ({ url }) => ok(await getListingResponse(parseListingQuery(url.searchParams)), { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
