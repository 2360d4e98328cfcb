import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { approveProductAction } from '@/server/catalog/approval-actions';

/** Approves what waits on a seller's product: the new product goes live, or its new price does; the seller is mailed. */
export const ALL = route({ POST: serveAction(approveProductAction) });
