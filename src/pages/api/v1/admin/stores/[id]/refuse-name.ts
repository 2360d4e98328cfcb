import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { refuseStoreNameAction } from '@/server/stores/actions';

/** Refuses a store's waiting name change `{reason}`: the store keeps its name; the seller is mailed the reason. */
export const ALL = route({ POST: serveAction(refuseStoreNameAction) });
