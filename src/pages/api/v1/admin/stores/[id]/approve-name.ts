import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { approveStoreNameAction } from '@/server/stores/actions';

/** Approves a store's waiting name change: the new name and slug go live, the old slug redirects; the seller is mailed. */
export const ALL = route({ POST: serveAction(approveStoreNameAction) });
