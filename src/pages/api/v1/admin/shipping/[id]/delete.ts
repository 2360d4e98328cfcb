import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteShippingRuleAction } from '@/server/shipping/actions';

/** POST: deletes a rule that no product uses (409 while some do). */
export const ALL = route({ POST: serveAction(deleteShippingRuleAction) });
