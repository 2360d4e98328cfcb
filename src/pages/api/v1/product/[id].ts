import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getProductDetail } from '@/server/catalog/product-detail';
import { cacheHeader } from '@/server/web/cache';

/**
 * A product's detail by slug or numeric id, built the same for everyone and shared (server/web/api-caching.ts);
 * a signed-in caller gets that copy with their own `wishlisted` filled in there (decision 0025, addendum).
 */
export const ALL = route(
  {
    GET: async ({ params }) => ok(await getProductDetail(params.id ?? ''), { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
