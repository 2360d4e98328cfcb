import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { sendOrderEmailAction } from '@/server/orders/actions';

/** The spec's `GET send order email/{id}`: the user's own order's confirmation again. */
export const ALL = route({ GET: serveAction(sendOrderEmailAction, ({ params }) => ({ order_id: params.id })) });
