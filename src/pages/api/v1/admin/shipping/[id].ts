import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveShippingRuleAction, shippingRuleOne } from '@/server/shipping/actions';

/** GET: one rule with its places. POST: its changes (every place replaced by the ones sent). */
export const ALL = route({ GET: serveQuery(shippingRuleOne), POST: serveAction(saveShippingRuleAction) });
