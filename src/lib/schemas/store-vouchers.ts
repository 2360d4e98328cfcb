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

/** A store voucher as a seller writes it (`POST api/v1/seller/vouchers`, `…/{id}`); amounts in minor units. */
export const VoucherWriteSchema = z
  .object({
    id: recordId('Voucher').optional(),
    store_id: z.union([z.literal('').transform(() => undefined), recordId('Store')]).optional(),
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

export const VoucherStatusSchema = z.object({
  id: recordId('Voucher'),
  status: z.enum(['active', 'disabled'], { error: 'backoffice.storeVouchers.errors.status' }),
});

/** The store vouchers list: `?q=&status=active|disabled&cursor=&per_page=`. */
export const VouchersQuerySchema = ListQuerySchema.extend({
  status: z.enum(['', 'active', 'disabled'], { error: 'backoffice.storeVouchers.errors.status' }).optional().default(''),
});
export type VouchersQuery = z.output<typeof VouchersQuerySchema>;
