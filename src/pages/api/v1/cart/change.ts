import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { withCartCookies } from '@/server/web/cart-actions';
import { changeCartAction } from '@/server/cart/actions';

/** Checks and unchecks lines `{checked: [ids], unchecked: [ids], isBundle?}` → `data {cartCount}`. */
export const ALL = route({ POST: withCartCookies(serveAction(changeCartAction)) });
