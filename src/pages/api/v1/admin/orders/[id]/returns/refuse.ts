import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { refuseReturnAction } from '@/server/orders/return-actions';

/** Refuses a return of the order (`{return_id, reason}`, reason required); the shopper is mailed. */
export const ALL = route({ POST: serveAction(refuseReturnAction) });
