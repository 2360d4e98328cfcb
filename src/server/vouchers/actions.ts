import { defineAction, userOf } from '../lists/action-shape';
import { CollectVoucherSchema } from '../../lib/schemas/lists';
import { collectVoucher } from './collect';

/** `user/vouchers/collect {voucher_id}`: the voucher joins /user/vouchers; collecting again is fine. */
export const collectVoucherAction = defineAction({
  input: CollectVoucherSchema,
  auth: 'user',
  run: (input, actor) => collectVoucher(userOf(actor).id, input.voucher_id),
  message: (r) => (r.already ? 'lists.voucherAlready' : 'lists.voucherCollected'),
});
