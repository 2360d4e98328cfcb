import { z } from 'zod';
import { MAX_DB_INT, optionalText, recordId, requiredText } from '@/lib/schemas/fields';
import { orderVersionField } from '@/lib/schemas/backoffice';

/**
 * Refunds and returns (issue 32). JSON clients send `lines: [{line_id, quantity}]` and money in minor units;
 * the plain forms send one `qty_<line id>` field per line and the amount as typed (`amount_text`, "12.50").
 */

const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const quantity = z.coerce
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(0, 'Quantity must be a whole number')
  .max(100_000, 'Quantity must be a whole number');

const LineSchema = z.object({ line_id: recordId('Order line'), quantity });

/** `qty_12=2` fields of a plain form → `[{line_id: 12, quantity: 2}]`; JSON `lines` as sent. Zero quantities are dropped. */
function linesOf(body: Record<string, unknown>): unknown {
  if (body.lines !== undefined) return body.lines;
  const out: { line_id: string; quantity: unknown }[] = [];
  for (const [key, value] of Object.entries(body)) {
    const m = /^qty_(\d{1,10})$/.exec(key);
    if (m && value !== '' && value !== undefined) out.push({ line_id: m[1]!, quantity: value });
  }
  return out;
}

const linesField = z
  .array(LineSchema, { error: 'Lines must be a list of {line_id, quantity}' })
  .max(200, 'Lines must be a list of {line_id, quantity}')
  .transform((lines) => lines.filter((l) => l.quantity > 0));

const money = z.coerce
  .number({ error: 'The amount must be a whole number of cents' })
  .int('The amount must be a whole number of cents')
  .min(1, 'The amount must be a whole number of cents')
  .max(Number.MAX_SAFE_INTEGER, 'The amount must be a whole number of cents');

const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean());

/** `POST api/v1/admin/orders/{id}/refunds {amount?, reason, lines?, shipping?, restock?, outside?, return_id?}` + Idempotency-Key. */
export const RefundSchema = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...raw, lines: linesOf(raw as Record<string, unknown>) } : raw),
  z.object({
    id: recordId('Order'),
    /** The Idempotency-Key header (JSON clients) or the form's hidden field drawn with the page. */
    // Missing: the action answers 400 (the key is required, not merely invalid).
    idempotency_key: z.preprocess(
      blankIsUndefined,
      z
        .string({ error: 'The Idempotency-Key must be 8 to 200 letters, digits, dots, colons, dashes or underscores.' })
        .trim()
        .regex(/^[\w.:-]{8,200}$/, 'The Idempotency-Key must be 8 to 200 letters, digits, dots, colons, dashes or underscores.')
        .optional(),
    ),
    reason: requiredText('Reason', 500),
    amount: z.preprocess(blankIsUndefined, money.optional()),
    /** The amount as typed in the form, in the order's currency ("12.50"). */
    amount_text: z.preprocess(blankIsUndefined, optionalText('Amount', 30).optional()),
    lines: linesField.optional().default([]),
    /** Shipping given back, in minor units; `all` (the form's box) = what is left of it. */
    shipping: z.preprocess(
      blankIsUndefined,
      z
        .union([
          z.literal('all'),
          z.coerce
            .number({ error: 'Shipping must be a whole number of cents' })
            .int('Shipping must be a whole number of cents')
            .min(0, 'Shipping must be a whole number of cents')
            .max(MAX_DB_INT, 'Shipping must be a whole number of cents'),
        ])
        .optional(),
    ),
    restock: flag.optional().default(false),
    outside: flag.optional().default(false),
    return_id: z.preprocess(blankIsUndefined, recordId('Return').optional()),
    version: orderVersionField,
  }),
);
export type RefundInput = z.output<typeof RefundSchema>;

/** The shopper's `POST api/v1/order/returns {order_id, reason, lines}` (multipart with `photos`). */
export const ReturnRequestSchema = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...raw, lines: linesOf(raw as Record<string, unknown>) } : raw),
  z.object({
    order_id: recordId('Order'),
    reason: requiredText('Reason', 1000, { multiline: true }),
    lines: linesField.refine((l) => l.length > 0, 'Choose at least one item to return'),
    photos: z.unknown().optional(),
  }),
);
export type ReturnRequestInput = z.output<typeof ReturnRequestSchema>;

/** The operator's or seller's step on a return: `{reason}` (required to refuse). */
export const ReturnStepSchema = z.object({
  id: recordId('Order'),
  return_id: recordId('Return'),
  reason: optionalText('Reason', 500).optional().default(''),
  version: orderVersionField,
});
export type ReturnStepInput = z.output<typeof ReturnStepSchema>;
