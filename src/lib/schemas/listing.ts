import { z } from 'zod';
import { MAX_DB_INT } from '@/lib/schemas/fields';
import {
  DEFAULT_PER_PAGE,
  DEFAULT_SORT,
  MAX_PAGE,
  MAX_PER_PAGE,
  parseMoney,
  queryToObject,
  SORTS,
  type ListingFilters,
} from '@/lib/listing-filters';

const MAX_IDS = 100;
const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/i;

/** Pages' human URLs (`/all/chargers?min=15`): an amount in major units, as a person types it. */
const money = (label: string) =>
  z.string().transform((text, ctx) => {
    const cents = parseMoney(text);
    if (cents === null || cents > MAX_DB_INT) {
      ctx.addIssue({ code: 'custom', message: `The ${label} price must be an amount like 12.50.` });
      return z.NEVER;
    }
    return cents;
  });

/** The JSON API's one money unit (DESIGN.md): a whole number of the currency's minor unit, e.g. 1499 for $14.99. */
const minorUnits = (label: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `The ${label} price must be a whole number of cents (minor units), like 1499 for 14.99.`)
    .transform(Number)
    .refine((n) => n <= MAX_DB_INT, `The ${label} price must be a whole number of cents (minor units), like 1499 for 14.99.`);

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

const idList = (label: string) =>
  z.string().transform((text, ctx) => {
    const parts = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!parts.length || parts.length > MAX_IDS || !parts.every((p) => /^\d{1,9}$/.test(p) && Number(p) > 0)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a comma-separated list of up to ${MAX_IDS} ids, like 3,7.` });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

const slug = (label: string) => z.string().regex(SLUG, `${label} is not a valid address name.`);

/** Each listing query key on its own, so a page can drop one bad filter and keep the rest. */
export const ListingFieldSchemas = {
  min: money('minimum'),
  max: money('maximum'),
  rating: wholeNumber('Rating must be a whole number of stars from 1 to 5.', 1, 5),
  sort: z.enum(SORTS, { error: `Sort must be one of: ${SORTS.join(', ')}.` }),
  page: wholeNumber(`Page must be a whole number from 1 to ${MAX_PAGE}.`, 1, MAX_PAGE),
  // A larger page size is capped rather than refused: clients may ask for "everything".
  per_page: wholeNumber('Products per page must be a whole number from 1.', 1, 999_999_999).transform((n) => Math.min(n, MAX_PER_PAGE)),
  category: slug('The category'),
  sub_category: slug('The subcategory'),
  category_ids: idList('category_ids'),
  sub_category_ids: idList('sub_category_ids'),
  tags: z.string().transform((text, ctx) => {
    const parts = [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    // A tag is a slug or an id; all-digit values are ids, so they must fit the id column.
    const valid = (p: string) => SLUG.test(p) && (!/^\d+$/.test(p) || Number(p) <= MAX_DB_INT);
    if (!parts.length || parts.length > MAX_IDS || !parts.every(valid)) {
      ctx.addIssue({ code: 'custom', message: `tags must be a comma-separated list of up to ${MAX_IDS} tag names or ids.` });
      return z.NEVER;
    }
    return parts;
  }),
  brand_ids: idList('brand_ids'),
  product_ids: idList('product_ids'),
  brand: wholeNumber('The brand must be a brand id, like 4.', 1, 999_999_999),
  collection: wholeNumber('The collection must be a collection id, like 2.', 1, 999_999_999),
} as const;

type Fields = { -readonly [K in keyof typeof ListingFieldSchemas]?: z.output<(typeof ListingFieldSchemas)[K]> };

/** The API's keys: the same as the pages', but money in minor units (`min=1499`), like every amount the API sends. */
export const ApiListingFieldSchemas = { ...ListingFieldSchemas, min: minorUnits('minimum'), max: minorUnits('maximum') } as const;

/** The whole API query, strict: any bad value fails with a message a person can act on. */
export const ListingQuerySchema = z
  .object(
    Object.fromEntries(Object.entries(ApiListingFieldSchemas).map(([k, s]) => [k, s.optional()])) as {
      [K in keyof typeof ApiListingFieldSchemas]: z.ZodOptional<(typeof ApiListingFieldSchemas)[K]>;
    },
  )
  .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, {
    message: 'The minimum price must not be above the maximum price.',
    path: ['min'],
  })
  .transform((q) => toFilters(q as Fields));

/** Lenient reading for pages: each bad value is ignored (and reported), the rest still applies. */
export function readListingQueryLeniently(params: URLSearchParams): { filters: ListingFilters; ignored: string[] } {
  const raw = queryToObject(params);
  const good: Fields = {};
  const ignored: string[] = [];
  for (const [key, schema] of Object.entries(ListingFieldSchemas)) {
    if (raw[key] === undefined) continue;
    const result = schema.safeParse(raw[key]);
    if (result.success) (good as Record<string, unknown>)[key] = result.data;
    else ignored.push(key);
  }
  if (good.min !== undefined && good.max !== undefined && good.min > good.max) {
    delete good.max;
    ignored.push('max');
  }
  return { filters: toFilters(good), ignored };
}

function toFilters(q: Fields): ListingFilters {
  return {
    min: q.min,
    max: q.max,
    rating: q.rating,
    sort: q.sort ?? DEFAULT_SORT,
    page: q.page ?? 1,
    perPage: q.per_page ?? DEFAULT_PER_PAGE,
    category: q.category,
    subCategory: q.sub_category,
    categoryIds: q.category_ids,
    subCategoryIds: q.sub_category_ids,
    tags: q.tags,
    brandIds: q.brand_ids,
    productIds: q.product_ids,
    brand: q.brand,
    collection: q.collection,
  };
}
