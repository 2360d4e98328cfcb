import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { approveReturnAction } from '@/server/orders/return-actions';

/** Approves a return of the order (`{return_id, reason?}`); the shopper is mailed. */
export const ALL = route({ POST: serveAction(approveReturnAction) });
