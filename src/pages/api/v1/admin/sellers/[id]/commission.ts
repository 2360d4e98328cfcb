import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { commissionRateAction } from '@/server/money/actions';

/** Sets the store's commission rate (`{rate}` as a percent; blank = the shop's default) for orders placed from now on. */
export const ALL = route({ POST: serveAction(commissionRateAction) });
