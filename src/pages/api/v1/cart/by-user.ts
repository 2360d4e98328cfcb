import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { cartOf } from '@/server/cart/view';
import { ownerOf } from '@/server/cart/owner';

/** The cart of the user or guest asking: `data {cartCount, cartProducts, stores, totals, …}` (a cart nobody owns yet is empty). */
export const ALL = route({ GET: async ({ locals }) => ok(await cartOf(ownerOf(locals))) });
