import { z } from 'zod';
import { isSafeText, MAX_DB_INT, recordId } from '@/lib/schemas/fields';
import { ListQuerySchema } from '@/lib/schemas/backoffice';

/** A whole number of cents (or a count) typed in a form: '' is 0. */
const count = (message: string, min = 0) => z.coerce.number({ error: message }).int(message).min(min, message).max(MAX_DB_INT, message);

/** A day (`2026-12-01`) or a moment (ISO 8601); a day-only end means the end of that day. */
const moment = (message: string, endOfDay: boolean) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
      const at = new Date(day ? `${v}T00:00:00Z` : v);
      if (!v || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return day && endOfDay ? new Date(at.getTime() + 86_400_000) : at;
    });

/** Ids typed in a form ("12, 15 18"), sent as repeated fields (checkboxes) or as a JSON array; none is []. */
const idList = (message: string) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .optional()
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((x) => String(x).split(/[\s,]+/)).filter(Boolean);
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_DB_INT)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(ids)].slice(0, 500);
    });

/** A checkbox or a JSON boolean; absent: leave as it is (a new voucher starts active). */
const switchedOn = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === true || v === 1 || v === '1' || v === 'true' || v === 'on'));

/**
 * A voucher as the operator (`POST api/v1/admin/vouchers`, `…/{id}`) or a seller (`api/v1/seller/vouchers`) writes
 * it; amounts in minor units. `store_id` empty: shop-wide for the operator, the seller's own store for a seller.
 */
export const VoucherWriteSchema = z
  .object({
    id: recordId('Voucher').optional(),
    store_id: z.union([z.literal('').transform(() => null), z.null(), recordId('Store')]).optional(),
    code: z
      .string({ error: 'backoffice.storeVouchers.errors.code' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,30}$/, 'backoffice.storeVouchers.errors.code'),
    title: z
      .string({ error: 'backoffice.storeVouchers.errors.title' })
      .trim()
      .min(1, 'backoffice.storeVouchers.errors.title')
      .max(100, 'backoffice.storeVouchers.errors.title')
      .refine((v) => isSafeText(v), 'backoffice.storeVouchers.errors.title'),
    price_type: z.coerce.number().refine((v) => v === 1 || v === 2, 'backoffice.storeVouchers.errors.priceType'),
    amount: count('backoffice.storeVouchers.errors.amount', 1),
    min_spend: count('backoffice.storeVouchers.errors.minSpend').optional().default(0),
    max_discount: count('backoffice.storeVouchers.errors.maxDiscount').optional().default(0),
    usage_limit: count('backoffice.storeVouchers.errors.usageLimit').optional().default(0),
    per_user_limit: count('backoffice.storeVouchers.errors.perUserLimit').optional().default(1),
    starts_at: moment('backoffice.storeVouchers.errors.startsAt', false),
    ends_at: moment('backoffice.storeVouchers.errors.endsAt', true),
    /** Limited to products of these categories and/or these products (none: every product it applies to). */
    category_ids: idList('backoffice.voucherScope.errors.categories'),
    product_ids: idList('backoffice.voucherScope.errors.products'),
    active: switchedOn,
  })
  .superRefine((v, ctx) => {
    if (v.price_type === 2 && v.amount > 100)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'backoffice.storeVouchers.errors.percentTooBig' });
    if (v.price_type === 1 && v.min_spend > 0 && v.amount > v.min_spend)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'backoffice.storeVouchers.errors.moreThanMinSpend' });
    if (v.ends_at instanceof Date && v.starts_at instanceof Date && v.ends_at.getTime() <= v.starts_at.getTime())
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'backoffice.storeVouchers.errors.endsBeforeStarts' });
  });
export type VoucherWriteInput = z.output<typeof VoucherWriteSchema>;

export const VoucherIdSchema = z.object({ id: recordId('Voucher') });

/** Disables or enables a voucher: `{status: 'active'|'disabled'}` or `{active: true|false}`. */
export const VoucherStatusSchema = z
  .object({
    id: recordId('Voucher'),
    status: z.enum(['active', 'disabled'], { error: 'backoffice.storeVouchers.errors.status' }).optional(),
    active: switchedOn,
  })
  .transform((v, ctx) => {
    const active = v.status !== undefined ? v.status === 'active' : v.active;
    if (active === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'backoffice.storeVouchers.errors.status' });
      return z.NEVER;
    }
    return { id: v.id, active };
  });

/** The vouchers list: `?q=&status=active|disabled&cursor=&per_page=`. */
export const VouchersQuerySchema = ListQuerySchema.extend({
  status: z.enum(['', 'active', 'disabled'], { error: 'backoffice.storeVouchers.errors.status' }).optional().default(''),
});
export type VouchersQuery = z.output<typeof VouchersQuerySchema>;
