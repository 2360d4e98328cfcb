import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveVoucherAction, voucherOne } from '@/server/vouchers/manage-actions';

/** GET: one store voucher. POST: its changes. */
export const ALL = route({ GET: serveQuery(voucherOne), POST: serveAction(saveVoucherAction) });
