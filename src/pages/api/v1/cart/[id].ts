import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { withCartCookies } from '@/server/web/cart-actions';
import { deleteLineAction } from '@/server/cart/actions';

const remove = withCartCookies(serveAction(deleteLineAction));

/** DELETE removes the asker's line (a plain form POSTs to the same path) → `data {id, cartCount}`; another owner's line is 404. */
export const ALL = route({ DELETE: remove, POST: remove });
