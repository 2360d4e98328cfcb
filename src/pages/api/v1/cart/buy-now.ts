import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { withCartCookies } from '@/server/web/cart-actions';
import { buyNowAction } from '@/server/cart/actions';

/** Buy now (cart/action's body): the line gets this quantity and is the only one checked. */
export const ALL = route({ POST: withCartCookies(serveAction(buyNowAction)) });
