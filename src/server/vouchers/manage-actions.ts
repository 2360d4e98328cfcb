import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { VoucherIdSchema, VouchersQuerySchema, VoucherStatusSchema, VoucherWriteSchema } from '@/lib/schemas/vouchers';
import { getVoucher, listVouchers, saveVoucher, setVoucherActive } from '@/server/vouchers/manage';

/**
 * Vouchers in the back office, one set of declarations for both areas: the operator's (`/admin/vouchers`,
 * `api/v1/admin/vouchers`) and a seller's (`/seller/vouchers`, `api/v1/seller/vouchers`). One permission,
 * `update:voucher` (granted `any` to the operator's roles, `own` to sellers); the scope does the rest.
 */

export const vouchersList = defineQuery({
  name: 'vouchers.list',
  input: VouchersQuerySchema,
  auth: { can: 'update:voucher' },
  run: (input, _actor, scope) => listVouchers(input, scope),
});

export const voucherOne = defineQuery({
  name: 'vouchers.one',
  input: VoucherIdSchema,
  auth: { can: 'update:voucher' },
  run: ({ id }, _actor, scope) => getVoucher(id, scope),
});

/** The area a plain form came from (its `_from` field), so it goes back to the same area's page. */
const areaOf = (body: Record<string, unknown>) => (/(^|\/)seller(\/|$)/.test(String(body._from ?? '')) ? 'seller' : 'admin');

export const saveVoucherAction = defineAction({
  name: 'vouchers.save',
  input: VoucherWriteSchema,
  auth: { can: 'update:voucher' },
  // Product and store pages show the vouchers a shopper may collect.
  invalidates: ['catalog', 'stores'],
  run: (input, _actor, access) => saveVoucher(input, access),
  message: 'backoffice.vouchers.saved',
  back: (v, _input, body) => `/${areaOf(body)}/vouchers/${v.id}`,
});

/**
 * `POST api/v1/admin/vouchers/{id}/active {active}` or `api/v1/seller/vouchers/{id}/status {status}`: disables a
 * voucher (or enables it again).
 */
export const voucherActiveAction = defineAction({
  name: 'vouchers.active',
  input: VoucherStatusSchema,
  auth: { can: 'update:voucher' },
  invalidates: ['catalog', 'stores'],
  run: (input, _actor, access) => setVoucherActive(input, access),
  message: (v) => (v.active ? 'backoffice.vouchers.enabled' : 'backoffice.vouchers.disabledDone'),
});
