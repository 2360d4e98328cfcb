import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { updateShippingAction } from '@/server/cart/actions';

/** Chooses the cart's address and shipping type `{address_id, shipping_type}` (1 location, 2 pickup). Signed in only. */
export const ALL = route({ POST: serveAction(updateShippingAction) });
