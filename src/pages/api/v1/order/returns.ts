import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { requestReturnAction } from '@/server/orders/return-actions';

/** The shopper asks to return lines of their delivered order `{order_id, reason, lines, photos[]}` within 30 days of delivery. */
export const ALL = route({ POST: serveAction(requestReturnAction) });
