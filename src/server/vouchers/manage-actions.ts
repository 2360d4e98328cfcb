import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { VoucherIdSchema, VouchersQuerySchema, VoucherWriteSchema } from '@/lib/schemas/content-admin';
import { getVoucher, listVouchers, saveVoucher, setVoucherActive } from '@/server/vouchers/manage';

/**
 * Vouchers in the back office (`/admin/vouchers`, `api/v1/admin/vouchers`). Promotions change prices, so they take
 * the catalogue's permission: `update:product` (a seller holds it for their own stores).
 */

export const vouchersList = defineQuery({
  name: 'vouchers.list',
  input: VouchersQuerySchema,
  auth: { can: 'update:product' },
  run: (input, _actor, scope) => listVouchers(input, scope),
});

export const voucherOne = defineQuery({
  name: 'vouchers.one',
  input: VoucherIdSchema,
  auth: { can: 'update:product' },
  run: ({ id }, _actor, scope) => getVoucher(id, scope),
});

export const saveVoucherAction = defineAction({
  name: 'vouchers.save',
  input: VoucherWriteSchema,
  auth: { can: 'update:product' },
  // Product pages show the vouchers a shopper may collect.
  invalidates: ['catalog'],
  run: async (input, _actor, { scope, tx, audit }) => {
    const { before, after } = await saveVoucher(tx, input, scope);
    audit({ entity: 'voucher', entityId: after.id, before, after });
    return after;
  },
  message: 'backoffice.vouchers.saved',
  back: (v) => `/admin/vouchers/${v.id}`,
});

/** `POST api/v1/admin/vouchers/{id}/active {active}`: disables a voucher (or enables it again). */
export const voucherActiveAction = defineAction({
  name: 'vouchers.active',
  input: VoucherIdSchema.extend({
    active: z
      .union([z.boolean(), z.string(), z.number()])
      .optional()
      .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on'),
  }),
  auth: { can: 'update:product' },
  invalidates: ['catalog'],
  run: async ({ id, active }, _actor, { scope, tx, audit }) => {
    const { before, after } = await setVoucherActive(tx, id, active, scope);
    audit({ entity: 'voucher', entityId: id, before: { active: before.active }, after: { active: after.active } });
    return after;
  },
  message: (v) => (v.active ? 'backoffice.vouchers.enabled' : 'backoffice.vouchers.disabledDone'),
});
