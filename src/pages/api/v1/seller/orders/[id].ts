import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { orderOne } from '@/server/orders/queries';

/** One order: lines, shopper, addresses, payment, history and the statuses it may move to. */
export const ALL = route({ GET: serveQuery(orderOne) });
