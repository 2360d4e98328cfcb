import { z } from 'zod';
import { isSafeText, MAX_DB_INT, recordId, requiredText, unsafeTextMessage } from '@/lib/schemas/fields';

const id = recordId;

/** Empty form fields mean "not given". */
const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number, label: string, multiline = false) =>
  z.preprocess(
    blankIsUndefined,
    z
      .string()
      .trim()
      .max(max, `${label} is too long (at most ${max} characters).`)
      .refine((v) => isSafeText(v, multiline), unsafeTextMessage(label))
      .optional(),
  );

/** 1 location (delivered to the address), 2 pickup (the spec's shipping types). */
export const ShippingTypeSchema = z.coerce
  .number({ error: 'Choose delivery or pickup.' })
  .refine((v) => v === 1 || v === 2, 'Choose delivery or pickup.');

/** Bank transfer: the spec's fields, as the shopper gives them after sending the money. */
export const BankTransferSchema = z.object({
  transaction_id: requiredText('Transaction id', 100),
  bank_name: requiredText('Bank name', 100),
  account_holder: requiredText('Account holder name', 100),
  account_number: requiredText('Account number', 50),
  branch_name: requiredText('Branch name', 100),
});
export type BankTransferDetails = z.infer<typeof BankTransferSchema>;

/** `order/transaction {order_id, …the bank transfer's fields}`: given after paying, from the order page. */
export const OrderTransactionSchema = BankTransferSchema.extend({ order_id: id('Order') });

/**
 * `order/action {address_id, billing_address_id?, shipping_type, payment_method, voucher_code?, note?}`.
 * Prices, totals, discounts and tax are never read from the request: unknown keys are dropped.
 */
export const OrderActionSchema = z
  .object({
    address_id: z.preprocess(blankIsUndefined, id('Address').optional()),
    billing_address_id: z.preprocess(blankIsUndefined, id('Billing address').optional()),
    shipping_type: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), ShippingTypeSchema),
    payment_method: z.coerce.number({ error: 'Choose a payment method.' }).int('Choose a payment method.'),
    voucher_code: optionalText(64, 'Voucher code'),
    note: optionalText(500, 'Note', true),
    /** The Idempotency-Key header (JSON clients) or the form's hidden field (plain forms). */
    idempotency_key: z.preprocess(
      blankIsUndefined,
      z
        .string()
        .trim()
        .regex(/^[\w.:-]{8,200}$/, 'The Idempotency-Key must be 8 to 200 letters, digits, dots, colons, dashes or underscores.')
        .optional(),
    ),
    transaction_id: z.unknown().optional(),
    bank_name: z.unknown().optional(),
    account_holder: z.unknown().optional(),
    account_number: z.unknown().optional(),
    branch_name: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    // Pickup needs one too: the order's contact and the tax place come from it.
    if (v.address_id === undefined) ctx.addIssue({ code: 'custom', path: ['address_id'], message: 'Please add an address first.' });
  });
export type OrderActionInput = z.infer<typeof OrderActionSchema>;

/** `voucher/validity {code}`. */
export const VoucherValiditySchema = z.object({
  code: z
    .string({ error: 'Enter a voucher code.' })
    .trim()
    .min(1, 'Enter a voucher code.')
    .max(64, 'This voucher code is too long.')
    .refine((v) => isSafeText(v), unsafeTextMessage('The voucher code')),
});

/** `order/payment-tax {address_id?, shipping_type?, voucher_code?}`: the quote of the cart's checked lines. */
export const PaymentTaxSchema = z.object({
  address_id: z.preprocess(blankIsUndefined, id('Address').optional()),
  shipping_type: z.preprocess((v) => (v === undefined || v === '' ? undefined : v), ShippingTypeSchema.optional()),
  voucher_code: optionalText(64, 'Voucher code'),
});
export type PaymentTaxInput = z.infer<typeof PaymentTaxSchema>;

/** `visited-pages/{order_id}` `{link, order_id, visit_count}`. */
export const VisitedPageSchema = z.object({
  order_id: id('Order'),
  link: z.enum(['success', 'fail'], { error: 'The link is success or fail.' }).default('success'),
  visit_count: z.coerce.number().int().min(0).max(MAX_DB_INT).optional(),
});

/** `order/payment-method {order_id, payment_method}`: pay an unpaid order another way (the retry page). */
export const PaymentMethodChangeSchema = z.object({
  order_id: id('Order'),
  payment_method: z.coerce.number({ error: 'Choose a payment method.' }).int('Choose a payment method.'),
});

/** `order/send-order-email {order_id}`. */
export const OrderIdSchema = z.object({ order_id: id('Order') });
