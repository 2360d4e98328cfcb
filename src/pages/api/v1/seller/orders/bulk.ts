import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { bulkOrders } from '@/server/orders/actions';

/** Confirms the ticked orders (`{ids, action: 'confirm'}`): all of them, or none with the reason. */
export const ALL = route({ POST: serveAction(bulkOrders) });
