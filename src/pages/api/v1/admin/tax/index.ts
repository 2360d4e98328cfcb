import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveTaxRateAction, taxList } from '@/server/shipping/actions';

/** GET: every tax rate. POST `{country, state?, title?, rate_bp}` (with `id`: that rate's changes). */
export const ALL = route({ GET: serveQuery(taxList), POST: serveAction(saveTaxRateAction) });
