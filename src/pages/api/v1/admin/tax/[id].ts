import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveTaxRateAction, taxOne } from '@/server/shipping/actions';

/** GET: one tax rate. POST: its changes. */
export const ALL = route({ GET: serveQuery(taxOne), POST: serveAction(saveTaxRateAction) });
