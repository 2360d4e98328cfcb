import { route } from '../../../../server/http/route';
import { serveCartAction } from '../../../../server/web/cart-actions';
import { deleteLineAction } from '../../../../server/cart/actions';

const remove = serveCartAction(deleteLineAction, (ctx) => ({ id: ctx.params.id }));

/** DELETE removes the asker's line (a plain form POSTs to the same path) → `data {id, cartCount}`; another owner's line is 404. */
export const ALL = route({ DELETE: remove, POST: remove });
