import { route } from '../../../../server/http/route';
import { serveCartAction } from '../../../../server/web/cart-actions';
import { changeCartAction } from '../../../../server/cart/actions';

/** Checks and unchecks lines `{checked: [ids], unchecked: [ids], isBundle?}` → `data {cartCount}`. */
export const ALL = route({ POST: serveCartAction(changeCartAction) });
