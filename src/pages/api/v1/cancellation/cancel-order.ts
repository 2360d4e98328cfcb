import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { cancelOrderAction } from '@/server/orders/actions';

/** Cancels the user's own order `{order_id, reason}` until it is shipped. */
export const ALL = route({ POST: serveAction(cancelOrderAction) });
