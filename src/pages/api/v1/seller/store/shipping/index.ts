import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { sellerSaveShippingRuleAction, sellerShippingList } from '@/server/shipping/actions';

/** GET: the seller's store with its free-shipping minimum and rules. POST: a new rule of their store (or, with `id`, its changes). */
export const ALL = route({ GET: serveQuery(sellerShippingList), POST: serveAction(sellerSaveShippingRuleAction) });
