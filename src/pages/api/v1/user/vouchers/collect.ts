import { route } from '../../../../../server/http/route';
import { serveDeclared } from '../../../../../server/http/declared-action';
import { collectVoucherAction } from '../../../../../server/vouchers/actions';

/** `{voucher_id}`: collects a running voucher into the user's vouchers; collecting again is fine. */
export const ALL = route({ POST: serveDeclared(collectVoucherAction) });
