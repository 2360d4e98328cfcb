import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { listCompare } from '@/server/lists/compare';

/** The compared products in the order added, with their category, brand, stock and specifications. */
export const ALL = route({
  GET: async ({ locals }) => {
    const { category, products } = await listCompare(requireUser(locals).id);
    return ok({ category, data: products });
  },
});
