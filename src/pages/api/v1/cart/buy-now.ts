import { route } from '../../../../server/http/route';
import { serveCartAction } from '../../../../server/web/cart-actions';
import { buyNowAction } from '../../../../server/cart/actions';

/** Buy now (cart/action's body): the line gets this quantity and is the only one checked. */
export const ALL = route({ POST: serveCartAction(buyNowAction) });
