import { z } from 'zod';
import { ListQuerySchema } from '@/lib/schemas/backoffice';
import { optionalText, recordId, requiredText } from '@/lib/schemas/fields';

/**
 * The inputs of the seller's store profile (`/seller/store`) and of the operator's approvals: a store's new name
 * and slug, sellers' new products and price changes.
 */

/** The store a seller means: theirs when they have one; `store_id` picks one of several (another store is 404). */
const optionalStore = z
  .union([z.literal(''), z.null(), recordId('Store')])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined ? null : v));

export const StoreProfileQuerySchema = z.object({ store_id: optionalStore });
export type StoreProfileQuery = z.output<typeof StoreProfileQuerySchema>;

/** `2026-01-31`, or empty for none. */
const day = z
  .string({ error: 'backoffice.store.errors.openedOn' })
  .trim()
  .refine(
    (v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
    'backoffice.store.errors.openedOn',
  )
  .optional()
  .default('')
  .transform((v) => v || null);

/** A slug of lower-case letters, digits and hyphens; empty: made from the name. */
const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, 'backoffice.store.errors.slug')
  .refine((v) => v === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), 'backoffice.store.errors.slug')
  .optional()
  .default('');

/**
 * The store profile form (`POST api/v1/seller/store`, multipart with `logo` and `banner` files or JSON): a changed
 * name or slug waits for the operator; everything else is saved at once.
 */
export const StoreProfileSchema = z.object({
  store_id: optionalStore,
  name: requiredText('Name', 100),
  slug: slugField,
  description: optionalText('Description', 5000).optional().default(''),
  opened_on: day,
  email: optionalText('Email', 254).optional().default(''),
  phone: optionalText('Phone', 40).optional().default(''),
  address: optionalText('Address', 500).optional().default(''),
  return_address: z.string().trim().max(1000, 'backoffice.store.errors.tooLong').optional().default(''),
  pickup_points: z.string().trim().max(4000, 'backoffice.store.errors.tooLong').optional().default(''),
  free_shipping_min: z.coerce
    .number({ error: 'backoffice.store.errors.freeShipping' })
    .int('backoffice.store.errors.freeShipping')
    .min(0, 'backoffice.store.errors.freeShipping')
    .max(2_147_483_647, 'backoffice.store.errors.freeShipping')
    .optional()
    .default(0),
  logo: z.unknown().optional(),
  banner: z.unknown().optional(),
});
export type StoreProfileInput = z.output<typeof StoreProfileSchema>;

/** The operator's answer to a waiting name change or product: approve, or refuse with a reason. */
export const StoreNameDecisionSchema = z.object({ id: recordId('Store') });
export const RefuseStoreNameSchema = z.object({ id: recordId('Store'), reason: requiredText('Reason', 500) });
export const ProductDecisionSchema = z.object({ id: recordId('Product') });
export const RefuseProductSchema = z.object({ id: recordId('Product'), reason: requiredText('Reason', 500) });

export const ApprovalsQuerySchema = ListQuerySchema;
export type ApprovalsQuery = z.output<typeof ApprovalsQuerySchema>;

/** The shop's rule: sellers' new products and price changes go live at once, or wait for approval. */
export const SellerApprovalRuleSchema = z.object({
  seller_approval: z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((v) => v === true || v === 1 || v === 'on' || v === '1' || v === 'true'),
});
