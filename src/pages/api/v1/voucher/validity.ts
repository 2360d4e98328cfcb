import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { voucherValidityAction } from '@/server/orders/actions';

/** Whether a voucher applies to the checked lines `{code}` → `{code, price_type, amount, discount}` or 201 with the reason. */
export const ALL = route({ POST: serveAction(voucherValidityAction) });
