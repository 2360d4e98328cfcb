import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { changeOrderStatus } from '@/server/orders/actions';

/** Moves the order on (`{status, note?}`), only along the allowed steps; the shopper is mailed. */
export const ALL = route({ POST: serveAction(changeOrderStatus) });
