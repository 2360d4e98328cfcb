import { z } from 'zod';
import { blank, cents, count, flag, imageUrl, optionalText, ProductRow, slug, status, text } from '@/lib/schemas/product-write';

export { ProductRow };

/**
 * The catalogue file format (`npm run shop -- catalog:export|catalog:import`), one row type per
 * section. The same schemas read JSON (numbers, booleans, arrays) and CSV (text in every cell, lists
 * joined with `|`), so a spreadsheet and a script are checked alike. Messages are for the operator.
 */
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
