import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { sendOrderEmailAction } from '@/server/orders/actions';

/** Sends the order confirmation again `{order_id}`. */
export const ALL = route({ POST: serveAction(sendOrderEmailAction) });
