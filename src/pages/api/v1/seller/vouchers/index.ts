import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveVoucherAction, vouchersList } from '@/server/vouchers/manage-actions';

/** GET: the store's vouchers (`?q=&status=&cursor=&per_page=`). POST: a new one. */
export const ALL = route({ GET: serveQuery(vouchersList), POST: serveAction(saveVoucherAction) });
