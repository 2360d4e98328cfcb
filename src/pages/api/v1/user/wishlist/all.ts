import { route } from '../../../../../server/http/route';
import { ok } from '../../../../../server/http/envelope';
import { requireUser } from '../../../../../server/users/require';
import { listWishlist } from '../../../../../server/lists/wishlist';

/** The user's wishlist (product cards, newest first). */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listWishlist(requireUser(locals).id) }),
});
