import { defineAction } from '@/server/core/action';
import { signedInUser } from '@/server/core/actor';
import { CollectVoucherSchema } from '@/lib/schemas/lists';
import { collectVoucher } from '@/server/vouchers/collect';

/** `user/vouchers/collect {voucher_id}`: the voucher joins /user/vouchers; collecting again is fine. */
export const collectVoucherAction = defineAction({
  name: 'vouchers.collect',
  input: CollectVoucherSchema,
  auth: 'user',
  run: (input, actor) => collectVoucher(signedInUser(actor).id, input.voucher_id),
  message: (r, t) => t(r.already ? 'lists.voucherAlready' : 'lists.voucherCollected'),
});
