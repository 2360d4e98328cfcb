import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { approveSellerAction } from '@/server/sellers/actions';

/** Approves a verified application: opens its store, makes the seller’s account, mails them (as `seller:approve`). */
export const ALL = route({ POST: serveAction(approveSellerAction) });
