import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getProductDetail } from '@/server/catalog/product-detail';

/** A product's detail by slug or numeric id. `wishlisted` stays null here: a person's flag comes from their own calls. */
export const ALL = route({
  GET: async ({ params }) => ok(await getProductDetail(params.id ?? '')),
});
