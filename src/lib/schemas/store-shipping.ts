import { z } from 'zod';
import { MAX_DB_INT, recordId } from '@/lib/schemas/fields';

/**
 * A store's shipping rules as its seller edits them on `/seller/store`: the fee per country or state of each rule
 * (`shipping_places`), and what a place not listed pays (`allow_others`, `default_price`). Amounts in minor units.
 */

/** The store a seller means: theirs when they have one; `store_id` picks one of several (another store is 404). */
const optionalStore = z
  .union([z.literal(''), z.null(), recordId('Store')])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined ? null : v));

const cents = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.coerce.number({ error: message }).int(message).min(0, message).max(MAX_DB_INT, message),
  );

export const StoreShippingQuerySchema = z.object({ store_id: optionalStore });

/** Adds a place to a rule, or changes its fee when the rule already lists that country and state. */
export const ShippingPlaceSchema = z.object({
  store_id: optionalStore,
  rule_id: recordId('Shipping rule'),
  country: z
    .string({ error: 'backoffice.storeShipping.errors.country' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'backoffice.storeShipping.errors.country'),
  state: z
    .string({ error: 'backoffice.storeShipping.errors.state' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{0,10}$/, 'backoffice.storeShipping.errors.state')
    .optional()
    .transform((v) => (v ? v : null)),
  price: cents('backoffice.storeShipping.errors.fee'),
});
export type ShippingPlaceInput = z.output<typeof ShippingPlaceSchema>;

export const RemoveShippingPlaceSchema = z.object({ store_id: optionalStore, place_id: recordId('Shipping place') });

/** What a place the rule does not list pays: refused (`allow_others` off) or the default fee. */
export const ShippingRuleSchema = z.object({
  store_id: optionalStore,
  rule_id: recordId('Shipping rule'),
  allow_others: z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on'),
  default_price: cents('backoffice.storeShipping.errors.fee'),
});
export type ShippingRuleInput = z.output<typeof ShippingRuleSchema>;
