import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { shipOrderAction } from '@/server/orders/shipment-actions';

/** Ships lines of the order (`{lines: [{line_id, quantity}], carrier?, tracking_number?}`); the shopper is mailed. */
export const ALL = route({ POST: serveAction(shipOrderAction) });
