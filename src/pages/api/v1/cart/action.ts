import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { withCartCookies } from '@/server/web/cart-actions';
import { addToCartAction } from '@/server/cart/actions';

/** Adds to the cart `{product_id, quantity, inventory_id?, bundle_deal_id?}` → `data {id, quantity, cartCount}`. */
export const ALL = route({ POST: withCartCookies(serveAction(addToCartAction)) });
