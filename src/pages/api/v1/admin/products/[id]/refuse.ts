import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { refuseProductAction } from '@/server/catalog/approval-actions';

/** Refuses what waits on a seller's product `{reason}`: a new product stays off the shop, a new price is dropped; the seller is mailed. */
export const ALL = route({ POST: serveAction(refuseProductAction) });
