import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { listWishlist } from '@/server/lists/wishlist';

/** The user's wishlist (product cards, newest first). */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listWishlist(requireUser(locals).id) }),
});
