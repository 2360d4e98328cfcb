import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveShippingRuleAction } from '@/server/stores/shipping-actions';

/** POST `{rule_id, allow_others, default_price}`: what places the rule does not list pay. */
export const ALL = route({ POST: serveAction(saveShippingRuleAction) });
