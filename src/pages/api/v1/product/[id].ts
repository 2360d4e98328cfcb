import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getProductDetail } from '@/server/catalog/product-detail';
import { cacheHeader } from '@/server/web/cache';

/**
 * A product's detail by slug or numeric id. `wishlisted` stays null here: a person's flag comes from their
 * own calls, so the answer is the same for everyone and is shared (server/web/api-caching.ts).
 */
export const ALL = route(
  {
    GET: async ({ params }) => ok(await getProductDetail(params.id ?? ''), { headers: cacheHeader('catalog') }),
  },
  { shared: true },
);
