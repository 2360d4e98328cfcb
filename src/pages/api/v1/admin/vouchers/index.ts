import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveVoucherAction, vouchersList } from '@/server/vouchers/manage-actions';

/** GET `?q=&status=active|disabled&cursor=&per_page=` → `{items, next_cursor}`. POST: a new voucher. */
export const ALL = route({ GET: serveQuery(vouchersList), POST: serveAction(saveVoucherAction) });
