import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveShippingRuleAction, shippingList } from '@/server/shipping/actions';

/** GET: every store with its free-shipping minimum, pickup points and rules. POST: a new rule (or, with `id`, its changes). */
export const ALL = route({ GET: serveQuery(shippingList), POST: serveAction(saveShippingRuleAction) });
