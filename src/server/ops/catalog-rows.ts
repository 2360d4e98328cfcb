import { z } from 'zod';

/**
 * The catalogue file format (`npm run shop -- catalog:export|catalog:import`), one row type per
 * section. The same schemas read JSON (numbers, booleans, arrays) and CSV (text in every cell, lists
 * joined with `|`), so a spreadsheet and a script are checked alike. Messages are for the operator.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const slug = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens, e.g. usb-c-chargers');
const text = (max = 200) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max = 2000) =>
  z.preprocess(blank, z.string().trim().max(max, `must be at most ${max} characters`).optional()).transform((v) => v ?? null);
const count = (what: string, fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : blank(v)),
    z
      .number({ error: `must be a whole number (${what})` })
      .int(`must be a whole number (${what})`)
      .min(0, `must be 0 or more (${what})`)
      .max(2_000_000_000, `is too large (${what})`)
      .default(fallback),
  );
const cents = (fallback = 0) => count('in cents: 1999 for 19.99', fallback);
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return blank(v);
      const s = v.trim().toLowerCase();
      if (s === '') return undefined;
      return ['true', '1', 'yes'].includes(s) ? true : ['false', '0', 'no'].includes(s) ? false : v;
    },
    z.boolean({ error: 'must be true or false' }).default(fallback),
  );
const status = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : blank(v)),
  z.union([z.literal(0), z.literal(1)], { error: 'must be 1 (shown) or 0 (hidden)' }).default(1),
);
/** Images are a path on this shop or an http(s) address: never `javascript:` or `data:`. */
const IMAGE_URL = /^(\/(?!\/)\S{0,499}|https?:\/\/\S{1,490})$/;
const IMAGE_MESSAGE = 'must be a path on this shop (/uploads/…) or an http(s) address';
const imageUrl = z.preprocess(blank, z.string().trim().regex(IMAGE_URL, IMAGE_MESSAGE).optional()).transform((v) => v ?? null);

/** A list: a JSON array, or a CSV cell with the items joined by `|`. */
const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split('|')
          .map((s) => s.trim())
          .filter(Boolean)
      : (blank(v) ?? []),
  z.array(z.string().trim().regex(IMAGE_URL, IMAGE_MESSAGE)),
);
/** Variant attributes: a JSON object, or a CSV cell `Colour=Black|Wattage=65 W`. */
const attributes = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return blank(v) ?? {};
    const out: Record<string, string> = {};
    for (const pair of v.split('|').filter((s) => s.trim())) {
      const at = pair.indexOf('=');
      if (at <= 0) return v;
      out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
    }
    return out;
  },
  z.record(z.string().trim().min(1), z.string().trim().min(1), {
    error: 'must be name=value pairs joined by |, e.g. Colour=Black|Wattage=65 W',
  }),
);

export const CategoryRow = z.object({
  slug,
  title: text(),
  image: imageUrl,
  icon: imageUrl,
  featured: flag(false),
  in_footer: flag(false),
  position: count('a position', 0),
  status,
});
export const SubCategoryRow = z.object({
  slug,
  category: slug,
  title: text(),
  image: imageUrl,
  in_footer: flag(false),
  position: count('a position', 0),
  status,
});
export const BrandRow = z.object({ slug, title: text(), image: imageUrl, featured: flag(false), status });
export const StoreRow = z.object({
  slug,
  name: text(),
  logo: imageUrl,
  banner: imageUrl,
  description: optionalText(20_000),
  email: z.preprocess(blank, z.email('must be an email address').optional()).transform((v) => v ?? null),
  phone: optionalText(40),
  address: optionalText(500),
  status,
});
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
    status,
    image: imageUrl,
    images: list,
    description: optionalText(100_000),
    overview: optionalText(20_000),
  })
  .refine((p) => p.offered < p.selling, { path: ['offered'], message: 'must be below selling (0 when there is no offer)' });
export const VariantRow = z.object({
  product: slug,
  sku: optionalText(100),
  price: cents(0),
  quantity: count('pieces in stock', 0),
  attributes: attributes.refine((a) => Object.keys(a).length > 0, 'is required: at least one name=value, e.g. Colour=Black'),
});

export type CategoryRow = z.infer<typeof CategoryRow>;
export type SubCategoryRow = z.infer<typeof SubCategoryRow>;
export type BrandRow = z.infer<typeof BrandRow>;
export type StoreRow = z.infer<typeof StoreRow>;
export type ProductRow = z.infer<typeof ProductRow>;
export type VariantRow = z.infer<typeof VariantRow>;

/** A whole catalogue, in the order it must be written (each section refers only to the ones before it). */
export interface Catalog {
  categories: CategoryRow[];
  sub_categories: SubCategoryRow[];
  brands: BrandRow[];
  stores: StoreRow[];
  products: ProductRow[];
  variants: VariantRow[];
}

export const SECTIONS = {
  categories: CategoryRow,
  sub_categories: SubCategoryRow,
  brands: BrandRow,
  stores: StoreRow,
  products: ProductRow,
  variants: VariantRow,
} as const;
export type Section = keyof typeof SECTIONS;

/** The columns of each section, in file order. */
export const COLUMNS: { [S in Section]: string[] } = {
  categories: Object.keys(CategoryRow.shape),
  sub_categories: Object.keys(SubCategoryRow.shape),
  brands: Object.keys(BrandRow.shape),
  stores: Object.keys(StoreRow.shape),
  products: Object.keys(ProductRow.shape),
  variants: Object.keys(VariantRow.shape),
};
