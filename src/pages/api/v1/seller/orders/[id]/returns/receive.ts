import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { receiveReturnAction } from '@/server/orders/return-actions';

/** The goods of an approved return came back (`{return_id, reason?}`): their stock is back; the shopper is mailed. */
export const ALL = route({ POST: serveAction(receiveReturnAction) });
