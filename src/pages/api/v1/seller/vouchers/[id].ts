import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveVoucherAction, sellerVoucherOne } from '@/server/vouchers/seller-actions';

/** GET: one store voucher. POST: its changes. */
export const ALL = route({ GET: serveQuery(sellerVoucherOne), POST: serveAction(saveVoucherAction) });
