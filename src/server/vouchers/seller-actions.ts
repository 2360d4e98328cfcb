import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { VoucherIdSchema, VouchersQuerySchema, VoucherStatusSchema, VoucherWriteSchema } from '@/lib/schemas/store-vouchers';
import { getSellerVoucher, listSellerVouchers, saveSellerVoucher, setSellerVoucherStatus } from '@/server/vouchers/seller-manage';

/** A seller's store vouchers (`GET api/v1/seller/vouchers`). */
export const sellerVouchersList = defineQuery({
  name: 'store-vouchers.list',
  input: VouchersQuerySchema,
  auth: { can: 'update:voucher' },
  run: (input, _actor, scope) => listSellerVouchers(input, scope),
});

/** One store voucher (`GET api/v1/seller/vouchers/{id}`); another store's is 404. */
export const sellerVoucherOne = defineQuery({
  name: 'store-vouchers.one',
  input: VoucherIdSchema,
  auth: { can: 'update:voucher' },
  run: ({ id }, _actor, scope) => getSellerVoucher(id, scope),
});

/** Creates (`POST api/v1/seller/vouchers`) or changes (`POST …/{id}`) a store voucher. */
export const saveVoucherAction = defineAction({
  name: 'store-vouchers.save',
  input: VoucherWriteSchema,
  auth: { can: 'update:voucher' },
  // Product and store pages show the running store vouchers.
  invalidates: ['catalog', 'stores'],
  run: (input, _actor, access) => saveSellerVoucher(input, access),
  message: 'backoffice.storeVouchers.saved',
  back: (v) => `/seller/vouchers/${v.id}`,
});

/** Disables or enables a store voucher (`POST api/v1/seller/vouchers/{id}/status {status}`). */
export const voucherStatusAction = defineAction({
  name: 'store-vouchers.status',
  input: VoucherStatusSchema,
  auth: { can: 'update:voucher' },
  invalidates: ['catalog', 'stores'],
  run: (input, _actor, access) => setSellerVoucherStatus(input, access),
  message: (v, t) => t(v.status === 'active' ? 'backoffice.storeVouchers.enabled' : 'backoffice.storeVouchers.disabled'),
});
