import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { voucherActiveAction } from '@/server/vouchers/manage-actions';

/** POST `{status: 'active'|'disabled'}`: disables or enables a store voucher. */
export const ALL = route({ POST: serveAction(voucherActiveAction) });
