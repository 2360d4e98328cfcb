import { z } from 'zod';
import { ListQuerySchema } from '@/lib/schemas/backoffice';
import { isSafeText, MAX_DB_INT, recordId, requiredText, unsafeTextMessage } from '@/lib/schemas/fields';

/** How many pictures one upload takes; each is at most PICTURE_MAX_MB. */
export const MAX_PICTURES_AT_ONCE = 10;

/** An optional editor text ('' when empty), safe text (isSafeText); a description may span lines. */
const fieldText = (type: string, max: number, multiline = false) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: `${type} must be text` })
      .trim()
      .max(max, `${type} must be at most ${max} characters`)
      .refine((v) => isSafeText(v, multiline), unsafeTextMessage(type)),
  );

/**
 * The product write model: one set of field rules for the back office's editor and API and for the catalogue
 * file (`npm run shop -- catalog:import`, ops/catalog-rows.ts). The file's cells are text, so the rules take
 * text as well as JSON numbers and booleans. Messages are for the operator.
 */
export const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const slug = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens, e.g. usb-c-chargers');
export const text = (max = 200) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
export const optionalText = (max = 2000) =>
  z.preprocess(blank, z.string().trim().max(max, `must be at most ${max} characters`).optional()).transform((v) => v ?? null);
export const count = (what: string, fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : blank(v)),
    z
      .number({ error: `must be a whole number (${what})` })
      .int(`must be a whole number (${what})`)
      .min(0, `must be 0 or more (${what})`)
      .max(2_000_000_000, `is too large (${what})`)
      .default(fallback),
  );
export const cents = (fallback = 0) => count('in cents: 1999 for 19.99', fallback);
export const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return blank(v);
      const s = v.trim().toLowerCase();
      if (s === '') return undefined;
      return ['true', '1', 'yes'].includes(s) ? true : ['false', '0', 'no'].includes(s) ? false : v;
    },
    z.boolean({ error: 'must be true or false' }).default(fallback),
  );
export const status = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : blank(v)),
  z.union([z.literal(0), z.literal(1)], { error: 'must be 1 (shown) or 0 (hidden)' }).default(1),
);
/** A product's status in the file: 1 published, 0 draft, 2 archived (the editor's three; an export writes them all). */
export const productStatus = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : blank(v)),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'must be 1 (published), 0 (draft) or 2 (archived)' }).default(1),
);
/** Images are a path on this shop or an http(s) address: never `javascript:` or `data:`. */
export const IMAGE_URL = /^(\/(?!\/)\S{0,499}|https?:\/\/\S{1,490})$/;
export const IMAGE_MESSAGE = 'must be a path on this shop (/uploads/…) or an http(s) address';
export const imageUrl = z.preprocess(blank, z.string().trim().regex(IMAGE_URL, IMAGE_MESSAGE).optional()).transform((v) => v ?? null);

/** A list: a JSON array, or a CSV cell with the items joined by `|`. */
export const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split('|')
          .map((s) => s.trim())
          .filter(Boolean)
      : (blank(v) ?? []),
  z.array(z.string().trim().regex(IMAGE_URL, IMAGE_MESSAGE)),
);

/** A product row of the catalogue file (store, category and brand named by slug). */
export const ProductRow = z
  .object({
    slug,
    title: text(300),
    store: slug,
    category: slug,
    sub_category: z.preprocess(blank, slug.optional()).transform((v) => v ?? null),
    brand: z.preprocess(blank, slug.optional()).transform((v) => v ?? null),
    sku: optionalText(100),
    unit: z.preprocess(blank, z.string().trim().max(20).default('pc')),
    selling: cents(0).refine((v) => v > 0, 'is required: the price in cents, e.g. 1999 for 19.99'),
    offered: cents(0),
    stock: count('pieces in stock', 0),
    max_per_order: count('pieces per order', 10),
    refundable: flag(true),
    warranty: optionalText(200),
    status: productStatus,
    image: imageUrl,
    images: list,
    description: optionalText(100_000),
    overview: optionalText(20_000),
  })
  .refine((p) => p.offered < p.selling, { path: ['offered'], message: 'must be below selling (0 when there is no offer)' });
export type ProductRow = z.infer<typeof ProductRow>;

/** A price in the currency's minor unit (cents), as the JSON API takes every amount. */
const amount = (type: string) =>
  z.coerce
    .number({ error: `${type} must be a number` })
    .int(`${type} must be a whole number (in cents: 1999 for 19.99)`)
    .min(0, `${type} cannot be negative`)
    .max(MAX_DB_INT, `${type} is too large`);

/**
 * A product's prices from the back office (`POST api/v1/admin/products/{id}/prices`): the selling price and the
 * offered price (0: no offer), which must be below the selling price.
 */
export const ProductPricesSchema = z
  .object({
    id: recordId('Product'),
    selling: amount('Selling price').refine((v) => v > 0, 'Selling price must be more than 0'),
    offered: amount('Offered price').optional().default(0),
  })
  .refine((p) => p.offered < p.selling, {
    message: 'The offered price must be below the selling price (or 0 for no offer)',
    path: ['offered'],
  });
export type ProductPricesInput = z.output<typeof ProductPricesSchema>;

/** A product's low-stock threshold unless its editor sets one (the products list's "low" filter before thresholds). */
export const LOW_STOCK_DEFAULT = 5;

/** The editor's statuses and how the products table stores them (the storefront shows only `published`). */
export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const STATUS_CODE: Record<ProductStatus, number> = { draft: 0, published: 1, archived: 2 };
export const statusOfCode = (code: number): ProductStatus => (code === 1 ? 'published' : code === 2 ? 'archived' : 'draft');

/** A product id, a store's, a category's… from a form's select: '' (none chosen) is null. */
const optionalId = (type: string) =>
  z
    .union([z.literal(''), z.null(), recordId(type)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** A whole number of pieces typed in the editor (a form sends text). */
const pieces = (type: string, fallback: number) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? fallback : v), amount(type));

/** Several values of one field: a form's repeated field, a JSON array, or one value. */
const many = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

const EDITOR_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A product from the back office's editor and API (`POST api/v1/{admin|seller}/products` creates,
 * `…/products/{id}` updates; JSON, or a multipart form with `images[]`). Prices are in the currency's minor
 * unit; the slug is made from the title when left empty; a seller's store is implied when they have one.
 */
export const ProductWriteSchema = z.preprocess(
  (b) => {
    if (!b || typeof b !== 'object') return b;
    const body = b as Record<string, unknown>;
    return { ...body, images: many(body.images ?? body['images[]']) };
  },
  z
    .object({
      id: recordId('Product').optional(),
      title: requiredText('Title', 300),
      slug: z
        .union([z.literal(''), z.string().trim().toLowerCase().max(120, 'Slug must be at most 120 characters')])
        .optional()
        .transform((v) => v || null)
        .refine((v) => v === null || EDITOR_SLUG.test(v), 'The slug must be lower-case letters, digits and single hyphens'),
      store_id: optionalId('Store'),
      category_id: recordId('Category'),
      sub_category_id: optionalId('Sub-category'),
      brand_id: optionalId('Brand'),
      status: z.enum(PRODUCT_STATUSES, { error: 'Status must be draft, published or archived' }).optional().default('draft'),
      selling: amount('Selling price').refine((v) => v > 0, 'Selling price must be more than 0'),
      offered: pieces('Offered price', 0),
      // The opening count of a new product; an existing one's stock changes through the stock ledger's adjustments
      // (StockAdjustSchema), so the editor leaves it out (absent: unchanged).
      stock: z.preprocess((v) => (v === '' || v === null ? undefined : v), amount('Stock').optional()),
      low_stock: pieces('Low-stock threshold', LOW_STOCK_DEFAULT),
      max_per_order: pieces('Per-order maximum', 10).refine((v) => v >= 1, 'The per-order maximum must be at least 1'),
      description: fieldText('Description', 100_000, true),
      seo_title: fieldText('SEO title', 200),
      seo_description: fieldText('SEO description', 500),
      images: z.array(z.unknown()).max(MAX_PICTURES_AT_ONCE, `Send at most ${MAX_PICTURES_AT_ONCE} pictures at once`),
    })
    .refine((p) => p.offered < p.selling, {
      message: 'The offered price must be below the selling price (or 0 for no offer)',
      path: ['offered'],
    }),
);
export type ProductWriteInput = z.output<typeof ProductWriteSchema>;

/** A picture change (`POST …/products/{id}/pictures`): make it the main one, move it, describe it or remove it. */
export const PictureChangeSchema = z.object({
  id: recordId('Product'),
  picture_id: recordId('Picture'),
  op: z.enum(['main', 'up', 'down', 'alt', 'remove'], { error: 'Choose what to do with the picture' }),
  alt: fieldText('Alt text', 300),
});
export type PictureChangeInput = z.output<typeof PictureChangeSchema>;

/** A bulk action on ticked products (`POST …/products/bulk {ids, action}`): at most 100 at once, all or none. */
export const ProductsBulkSchema = z.object({
  ids: z
    .preprocess(many, z.array(recordId('Product')))
    .transform((v) => [...new Set(v)])
    .refine((v) => v.length >= 1 && v.length <= 100, 'Tick between 1 and 100 products'),
  action: z.enum(['publish', 'unpublish', 'archive', 'delete'], { error: 'Choose what to do with the ticked products' }),
});
export type ProductsBulkInput = z.output<typeof ProductsBulkSchema>;

export const ProductIdSchema = z.object({ id: recordId('Product') });

/** The editors' products list (`GET api/v1/{admin|seller}/products`): DESIGN.md's list query and the catalogue's filters. */
export const ProductsQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['', 'newest', 'title', 'price', 'stock'], { error: 'Sort by newest, title, price or stock' }).optional().default(''),
  store_id: optionalId('Store'),
  category_id: optionalId('Category'),
  brand_id: optionalId('Brand'),
  status: z
    .enum(['', ...PRODUCT_STATUSES], { error: 'Status must be draft, published or archived' })
    .optional()
    .default(''),
  stock: z.enum(['', 'out', 'low', 'in'], { error: 'Stock must be out, low or in' }).optional().default(''),
  no_picture: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'on' || v === 'true'),
});
export type ProductsQuery = z.output<typeof ProductsQuerySchema>;

// ————————————————————————————————————————————————————————————————————————————————
// Stock and variants (issue 33): the stock ledger's adjustments and history, the variant grid.
// ————————————————————————————————————————————————————————————————————————————————

/** The reasons a person gives for a change of stock (orders, cancellations and returns write their own). */
export const ADJUST_REASONS = ['received', 'counted', 'damaged'] as const;

/**
 * An "adjust stock" form (`POST …/products/{id}/stock`): pieces received (added), damaged (taken off) or the
 * number counted on the shelf (the new stock), of the product or of one of its variants, with a note.
 */
export const StockAdjustSchema = z
  .object({
    id: recordId('Product'),
    inventory_id: optionalId('Variant'),
    reason: z.enum(ADJUST_REASONS, { error: 'Choose why the stock changes: received, counted or damaged' }),
    quantity: z.preprocess((v) => (v === '' || v === null ? undefined : v), amount('Quantity')),
    note: fieldText('Note', 500),
  })
  .refine((a) => a.reason === 'counted' || a.quantity > 0, {
    message: 'Enter how many pieces were received or damaged (1 or more)',
    path: ['quantity'],
  });
export type StockAdjustInput = z.output<typeof StockAdjustSchema>;

/** A page of a product's stock history (`GET …/products/{id}/stock?cursor=`), newest first. */
export const StockHistorySchema = z.object({
  id: recordId('Product'),
  cursor: z.string().max(200).optional().default(''),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type StockHistoryQuery = z.output<typeof StockHistorySchema>;

/** How many variants one generation may make (the combinations of the attributes' values). */
export const MAX_VARIANTS = 100;

/** A text cell that may be left empty. */
const cell = (type: string, max: number) => fieldText(type, max);

/**
 * Variants generated from attributes (`POST …/products/{id}/variants`): up to three attributes, each a name
 * (Colour) and its values separated by commas (Black, White); every combination missing becomes a variant.
 */
export const VariantsGenerateSchema = z
  .object({
    id: recordId('Product'),
    attribute: z.preprocess(many, z.array(cell('Attribute', 60)).max(3, 'Give at most three attributes')),
    values: z.preprocess(many, z.array(cell('Values', 500)).max(3, 'Give at most three attributes')),
  })
  .transform((v, ctx) => {
    const groups: { title: string; values: string[] }[] = [];
    v.attribute.forEach((title, i) => {
      const values = [
        ...new Set(
          (v.values[i] ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (!title && !values.length) return;
      if (!title) ctx.addIssue({ code: 'custom', path: ['attribute'], message: 'Name each attribute (Colour, Wattage…)' });
      else if (!values.length)
        ctx.addIssue({ code: 'custom', path: ['values'], message: `Give the values of ${title}, separated by commas` });
      else if (values.some((s) => s.length > 60))
        ctx.addIssue({ code: 'custom', path: ['values'], message: 'A value must be at most 60 characters' });
      else groups.push({ title, values });
    });
    if (!groups.length) ctx.addIssue({ code: 'custom', path: ['attribute'], message: 'Give at least one attribute and its values' });
    if (new Set(groups.map((g) => g.title.toLowerCase())).size !== groups.length)
      ctx.addIssue({ code: 'custom', path: ['attribute'], message: 'Give each attribute once' });
    const combinations = groups.reduce((n, g) => n * g.values.length, 1);
    if (combinations > MAX_VARIANTS)
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: `These values make ${combinations} variants; at most ${MAX_VARIANTS} at once`,
      });
    return { id: v.id, groups };
  });
export type VariantsGenerateInput = z.output<typeof VariantsGenerateSchema>;

/**
 * The variant grid saved (`POST …/products/{id}/variants/grid`): per variant its SKU, price override (minor units,
 * 0: the product's price) and stock. A form sends parallel fields (`variant_id`, `sku`, `price`, `stock`, in order);
 * JSON may send `variants: [{id, sku, price, stock}]`.
 */
export const VariantsGridSchema = z.preprocess(
  (b) => {
    if (!b || typeof b !== 'object') return b;
    const body = b as Record<string, unknown>;
    if (body.variants !== undefined) return body;
    const ids = many(body.variant_id);
    const [skus, prices, stocks] = [many(body.sku), many(body.price), many(body.stock)];
    return { ...body, variants: ids.map((id, i) => ({ id, sku: skus[i], price: prices[i], stock: stocks[i] })) };
  },
  z.object({
    id: recordId('Product'),
    variants: z
      .array(
        z.object({
          id: recordId('Variant'),
          sku: cell('SKU', 100),
          price: pieces('Variant price', 0),
          stock: pieces('Variant stock', 0),
        }),
      )
      .min(1, 'The product has no variants to save')
      .max(MAX_VARIANTS * 3, 'Too many variants at once'),
  }),
);
export type VariantsGridInput = z.output<typeof VariantsGridSchema>;

/** One variant removed (archived instead when it was ordered) or put back on sale (`POST …/products/{id}/variant`). */
export const VariantChangeSchema = z.object({
  id: recordId('Product'),
  variant_id: recordId('Variant'),
  op: z.enum(['remove', 'restore'], { error: 'Choose what to do with the variant' }),
});
export type VariantChangeInput = z.output<typeof VariantChangeSchema>;
