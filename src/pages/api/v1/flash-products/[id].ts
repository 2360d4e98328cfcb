import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { parseListingQuery } from '@/server/catalog/listing';
import { getFlashSale, parseFlashSaleId } from '@/server/catalog/flash-sales';
import { cacheHeader } from '@/server/web/cache';

/** One flash sale and a page of its products (`page`, `per_page`, `sort`, `min`, `max`, `rating`). */
export const ALL = route(
  {
    GET: async ({ params, url }) =>
      ok(await getFlashSale(parseFlashSaleId(params.id), parseListingQuery(url.searchParams)), { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
