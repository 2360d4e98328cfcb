import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { collectVoucherAction } from '@/server/vouchers/actions';

/** `{voucher_id}`: collects a running voucher into the user's vouchers; collecting again is fine. */
export const ALL = route({ POST: serveAction(collectVoucherAction) });
