import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { sellerSaveShippingRuleAction, sellerShippingRuleOne } from '@/server/shipping/actions';

/** GET: one rule of the seller's store with its places. POST: its changes (every place replaced by the ones sent). */
export const ALL = route({ GET: serveQuery(sellerShippingRuleOne), POST: serveAction(sellerSaveShippingRuleAction) });
