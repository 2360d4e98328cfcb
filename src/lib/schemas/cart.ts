import { z } from 'zod';
import { recordId } from '@/lib/schemas/fields';
import { readChoice } from '@/lib/variants';

const id = recordId;

/** Empty form fields ('' from a hidden input) mean "not given". */
const optionalId = (type: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(type).optional());

/**
 * The quantity is checked by the cart rules (src/lib/cart-rules.ts) so the person reads the spec's
 * messages; here it only becomes a number (NaN and fractions are refused there with 'Must have minimum 1 item.').
 */
const quantity = z.preprocess(
  (v) => (v === undefined || v === '' ? 1 : typeof v === 'number' || typeof v === 'string' ? Number(v) : Number.NaN),
  z.union([z.number(), z.nan()]),
);

/** `cart/action` and `cart/buy-now`: `{product_id, quantity, inventory_id?, bundle_deal_id?}`; any price sent is ignored. */
export const CartActionSchema = z.preprocess(
  // A form without JavaScript sends the variant as its attribute radios (`attr[3]=12`); the server finds the variant.
  (v) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, choice: readChoice(Object.entries(v)) } : v),
  z.object({
    product_id: id('Product'),
    quantity,
    inventory_id: optionalId('Variant'),
    bundle_deal_id: optionalId('Bundle deal'),
    /** 1: make the line's quantity this (the cart page's quantity field) instead of adding to it. */
    set: z.preprocess((v) => v === '1' || v === 1 || v === true || v === 'true', z.boolean()).optional(),
    /** Attribute id → chosen value id, from `attr[…]` fields. */
    choice: z.record(z.string(), z.number()).optional(),
  }),
);
export type CartActionInput = z.infer<typeof CartActionSchema>;

/** Ids from JSON arrays, or repeated / comma-separated form fields. */
const ids = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (Array.isArray(v)) return v.filter((x) => x !== '');
    if (typeof v === 'string' || typeof v === 'number') return String(v).split(',').filter((x) => x !== '');
    return v; // true, an object…: refused below, never read as "no lines"
  },
  z.array(id('Cart line'), { error: 'Cart lines must be a list of cart line ids.' }).max(500, 'Too many cart lines'),
);

/** `cart/change {checked: [line ids], unchecked: [line ids], isBundle?}`. */
export const CartChangeSchema = z
  .object({
    checked: ids,
    unchecked: ids,
    /** A plain form's list of the lines it shows: those not ticked in `checked` become unchecked. */
    lines: ids,
    isBundle: z.preprocess(
      (v) =>
        v === undefined || v === ''
          ? undefined
          : [true, 1, '1', 'true'].includes(v as never)
            ? true
            : [false, 0, '0', 'false'].includes(v as never)
              ? false
              : v,
      z.boolean({ error: 'isBundle must be true or false.' }).optional(),
    ),
  })
  .transform(({ lines, ...rest }) => ({
    ...rest,
    unchecked: [...new Set([...rest.unchecked, ...lines.filter((id) => !rest.checked.includes(id))])],
  }));
export type CartChangeInput = z.infer<typeof CartChangeSchema>;

/** `cart/update-shipping {address_id, shipping_type}` (1 location, 2 pickup). */
export const CartShippingSchema = z.object({
  address_id: optionalId('Address'),
  shipping_type: z.coerce.number({ error: 'Choose delivery or pickup' }).refine((v) => v === 1 || v === 2, 'Choose delivery or pickup'),
});
export type CartShippingInput = z.infer<typeof CartShippingSchema>;

/** `DELETE cart/{id}` (and the no-JavaScript form's `id`). */
export const CartLineIdSchema = z.object({ id: id('Cart line') });
