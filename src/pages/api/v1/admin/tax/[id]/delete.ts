import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteTaxRateAction } from '@/server/shipping/actions';

/** POST: removes the rate (the place is then taxed at its country's rate, or not at all). */
export const ALL = route({ POST: serveAction(deleteTaxRateAction) });
