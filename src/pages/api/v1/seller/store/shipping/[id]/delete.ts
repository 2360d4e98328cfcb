import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { sellerDeleteShippingRuleAction } from '@/server/shipping/actions';

/** POST: deletes a rule of the seller's store that no product uses (409 while some do). */
export const ALL = route({ POST: serveAction(sellerDeleteShippingRuleAction) });
