import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { voucherActiveAction } from '@/server/vouchers/manage-actions';

/** Disables a voucher `{active: false}` (shoppers can no longer apply it) or enables it again. */
export const ALL = route({ POST: serveAction(voucherActiveAction) });
