import { z } from 'zod';
import { optionalText, recordId, requiredText } from '@/lib/schemas/fields';
import { ListQuerySchema } from '@/lib/schemas/backoffice';

/** Seller money (issue 35): the ledger lists, statements, payouts and commission rates. */

const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const LEDGER_KIND_FILTER = ['', 'sale', 'commission', 'refund', 'refund_commission', 'payout'] as const;

const kind = z.enum(LEDGER_KIND_FILTER, { error: 'This is not a kind of ledger line' }).optional().default('');

/** A seller's ledger (`/seller/money`, `api/v1/seller/money`, `api/v1/seller/ledger`): one of their stores (their first when none is named). */
export const SellerLedgerQuerySchema = ListQuerySchema.extend({
  store_id: z.preprocess(blankIsUndefined, recordId('Store').optional()),
  kind,
});
export type SellerLedgerQuery = z.output<typeof SellerLedgerQuerySchema>;

/** The operator's view of one seller's ledger (`/admin/sellers/{id}`, `api/v1/admin/sellers/{id}/ledger`). */
export const AdminLedgerQuerySchema = ListQuerySchema.extend({ id: recordId('Seller'), kind });
export type AdminLedgerQuery = z.output<typeof AdminLedgerQuerySchema>;

/** One ledger line by id (`api/v1/seller/ledger/{id}`). */
export const LedgerLineIdSchema = z.object({ id: recordId('Ledger line') });

/** A month's statement: `<store id>-<YYYY>-<MM>` (`/seller/money/statements/12-2026-11`); `format=csv` downloads it. */
export const StatementQuerySchema = z.object({
  id: z
    .string({ error: 'A statement is named by its store and month, such as 12-2026-11' })
    .regex(/^\d{1,10}-\d{4}-(0[1-9]|1[0-2])$/, 'A statement is named by its store and month, such as 12-2026-11')
    .transform((v) => {
      const [store, year, month] = v.split('-');
      return { storeId: Number(store), month: `${year}-${month}` };
    }),
  format: z.enum(['json', 'csv'], { error: 'The format must be json or csv' }).optional().default('json'),
});

const money = z.coerce
  .number({ error: 'The amount must be a whole number of cents' })
  .int('The amount must be a whole number of cents')
  .min(1, 'The amount must be a whole number of cents')
  .max(Number.MAX_SAFE_INTEGER, 'The amount must be a whole number of cents');

/** `POST api/v1/admin/sellers/{id}/payouts {amount | amount_text, date, reference, note?}` + Idempotency-Key. */
export const PayoutSchema = z.object({
  id: recordId('Seller'),
  idempotency_key: z.preprocess(
    blankIsUndefined,
    z
      .string({ error: 'The Idempotency-Key must be 8 to 200 letters, digits, dots, colons, dashes or underscores.' })
      .trim()
      .regex(/^[\w.:-]{8,200}$/, 'The Idempotency-Key must be 8 to 200 letters, digits, dots, colons, dashes or underscores.')
      .optional(),
  ),
  amount: z.preprocess(blankIsUndefined, money.optional()),
  /** The amount as typed in the form, in the shop's currency ("120.50"). */
  amount_text: z.preprocess(blankIsUndefined, optionalText('Amount', 30).optional()),
  date: z
    .string({ error: 'The date must be a day such as 2026-11-27' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be a day such as 2026-11-27')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'The date must be a day such as 2026-11-27'),
  reference: requiredText('Reference', 100),
  note: z.preprocess(blankIsUndefined, optionalText('Note', 500).optional().default('')),
});
export type PayoutInput = z.output<typeof PayoutSchema>;

/** `POST api/v1/admin/sellers/{id}/commission {rate}`: a percent ("12.5"), or blank for the shop's default. */
export const CommissionRateSchema = z.object({
  id: recordId('Seller'),
  rate: z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), optionalText('Commission rate', 10)),
});
