import { z } from 'zod';
import { MAX_DB_INT, recordId, requiredText } from '@/lib/schemas/fields';
import { checkbox, moment } from '@/lib/schemas/content-admin';

/**
 * The inputs of the back office's taxonomy and merchandising screens (issue 33): categories and sub-categories,
 * brands, collections, flash sales and bundle deals. Forms and JSON alike; money in minor units.
 */

const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A slug typed by the operator, or nothing (made from the name). */
const slug = z
  .union([z.literal(''), z.null(), z.string().trim().toLowerCase().max(80, 'The slug must be at most 80 characters')])
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), 'The slug must be lower-case letters, digits and single hyphens');

const position = z.coerce
  .number({ error: 'Order must be a whole number' })
  .int('Order must be a whole number')
  .min(0, 'Order must be 0 or more')
  .max(10_000, 'Order must be at most 10000')
  .optional()
  .default(0);

const optionalId = (type: string) => z.preprocess(blankIsUndefined, recordId(type).optional());

/** A category (`POST api/v1/admin/categories`), or a sub-category when `parent_id` names its category. */
export const CategoryWriteSchema = z.object({
  id: recordId('Category').optional(),
  parent_id: optionalId('Parent category'),
  title: requiredText('Name', 200),
  slug,
  in_footer: checkbox,
  featured: checkbox,
  shown: checkbox,
  image: z.unknown().optional(),
});
export type CategoryWriteInput = z.output<typeof CategoryWriteSchema>;

export const TaxonomyIdSchema = z.object({ id: recordId('Category') });

/** Moves a category or sub-category one place up or down among its siblings. */
export const MoveSchema = z.object({
  id: recordId('Category'),
  dir: z.enum(['up', 'down'], { error: 'Choose up or down' }),
});
export type MoveInput = z.output<typeof MoveSchema>;

/** Deletes a category, sub-category or brand; `move_to` names where its products go first. */
export const DeleteTaxonSchema = z.object({
  id: recordId('Category'),
  move_to: optionalId('Category to move the products to'),
});
export type DeleteTaxonInput = z.output<typeof DeleteTaxonSchema>;

/** A brand (`POST api/v1/admin/brands`, `…/brands/{id}`; multipart with its logo `image`). */
export const BrandWriteSchema = z.object({
  id: recordId('Brand').optional(),
  title: requiredText('Name', 200),
  slug,
  featured: checkbox,
  shown: checkbox,
  image: z.unknown().optional(),
});
export type BrandWriteInput = z.output<typeof BrandWriteSchema>;

/** A collection (`POST api/v1/admin/collections`, `…/collections/{id}`). */
export const CollectionWriteSchema = z.object({
  id: recordId('Collection').optional(),
  title: requiredText('Name', 200),
  slug,
  position,
  on_home: checkbox,
  shown: checkbox,
  image: z.unknown().optional(),
});
export type CollectionWriteInput = z.output<typeof CollectionWriteSchema>;

/** Adds a product to (or removes it from) a collection or bundle deal. */
export const MemberSchema = z.object({
  id: recordId('Collection'),
  product_id: recordId('Product'),
  op: z.enum(['add', 'remove'], { error: 'Choose add or remove' }).optional().default('add'),
});
export type MemberInput = z.output<typeof MemberSchema>;

const required = (type: string) => moment(type).refine((v) => v !== null, `${type} is required`) as z.ZodType<Date, unknown>;

/** A flash sale (`POST api/v1/admin/flash-sales`, `…/flash-sales/{id}`): its name, start and end. */
export const FlashSaleWriteSchema = z
  .object({
    id: recordId('Flash sale').optional(),
    title: requiredText('Name', 200),
    slug,
    starts_at: required('Start'),
    ends_at: required('End'),
    shown: checkbox,
    image: z.unknown().optional(),
  })
  .refine((f) => f.ends_at > f.starts_at, { message: 'The end must be after the start', path: ['ends_at'] });
export type FlashSaleWriteInput = z.output<typeof FlashSaleWriteSchema>;

/** A product of a flash sale and its sale price in minor units (`op: remove` takes it out). */
export const FlashSaleProductSchema = z
  .object({
    id: recordId('Flash sale'),
    product_id: recordId('Product'),
    op: z.enum(['add', 'remove'], { error: 'Choose add or remove' }).optional().default('add'),
    price: z.preprocess(
      blankIsUndefined,
      z.coerce
        .number({ error: 'Sale price must be a number' })
        .int('Sale price must be a whole number (in cents: 1999 for 19.99)')
        .min(1, 'Sale price must be more than 0')
        .max(MAX_DB_INT, 'Sale price is too large')
        .optional(),
    ),
  })
  .refine((p) => p.op === 'remove' || p.price !== undefined, { message: 'Sale price is required', path: ['price'] });
export type FlashSaleProductInput = z.output<typeof FlashSaleProductSchema>;

const count = (type: string) =>
  z.coerce
    .number({ error: `${type} must be a whole number` })
    .int(`${type} must be a whole number`)
    .min(1, `${type} must be at least 1`)
    .max(100, `${type} must be at most 100`);

/** A bundle deal as the storefront models it: buy `buy`, get `free` free; of one store or of the whole shop. */
export const BundleDealWriteSchema = z.object({
  id: recordId('Bundle deal').optional(),
  title: requiredText('Name', 200),
  store_id: optionalId('Store'),
  buy: count('Buy'),
  free: count('Free'),
  shown: checkbox,
});
export type BundleDealWriteInput = z.output<typeof BundleDealWriteSchema>;

/** A product search for the pickers (`q`: a few letters of the title, or an id). */
export const PickQuerySchema = z.object({
  id: recordId('Collection'),
  q: z.string().trim().max(100, 'The search must be at most 100 characters').optional().default(''),
});
