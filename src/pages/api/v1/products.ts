import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { parseListingQuery } from '@/server/catalog/listing';
import { getListingResponse } from '@/server/catalog/listing-response';
import { cacheHeader } from '@/server/web/cache';

/** Listing by source: `?category_ids=…`, `sub_category_ids`, `tags`, `brand_ids`, `product_ids`, `brand`, `collection`, plus the filters of `all`. */
export const ALL = route(
  {
    GET: async ({ url }) => ok(await getListingResponse(parseListingQuery(url.searchParams)), { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
