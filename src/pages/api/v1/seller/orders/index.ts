import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { ordersList } from '@/server/orders/queries';

/** Orders: `?status=&payment_status=&payment_method=&store_id=&q=&from=&to=&cursor=&per_page=` → `{items, next_cursor, counts}`. */
export const ALL = route({ GET: serveQuery(ordersList) });
