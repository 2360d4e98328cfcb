import { and, count, eq, inArray, or } from 'drizzle-orm';
import { keyedMemo } from '@/server/core/memo';
import { getDb, type Tx } from '@/server/db/client';
import { brands, categories, collections, products, subCategories, tags } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { parseWith } from '@/server/core/validation';
import { queryToObject, type ListingFilters } from '@/lib/listing-filters';
import { ListingQuerySchema } from '@/lib/schemas/listing';
import { cardColumns, toCards, type ProductCard } from '@/server/catalog/product-card';
import { localName } from '@/server/catalog/translations';
import {
  listingConditions,
  listingOrder,
  priceSortCandidates,
  runningFlashPrices,
  sortNeedsFlash,
  variantPrices,
  type ResolvedScope,
} from '@/server/catalog/listing-sql';

/** A page of a listing, in the shape of DESIGN.md's `data.result`. */
export interface ListingPage {
  data: ProductCard[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface Named {
  id: number;
  slug: string;
  title: string;
  image: string | null;
}

/** What a listing is about, for titles and breadcrumbs. */
export interface ListingContext {
  category: Named | null;
  sub_category: Named | null;
  brand: Named | null;
  collection: Named | null;
}

/** Strict reading of a listing query (the API): a bad value throws VALIDATION with a clear message. */
export function parseListingQuery(input: URLSearchParams | Record<string, string>): ListingFilters {
  const raw = input instanceof URLSearchParams ? queryToObject(input) : input;
  return parseWith(ListingQuerySchema, raw);
}

const named = { id: true, slug: true, title: true, image: true } as const;

/** Resolves slugs and ids of the filters; an unknown category, subcategory, brand or collection is NOT_FOUND. */
export async function resolveListingContext(db: Tx, f: ListingFilters): Promise<{ context: ListingContext; scope: ResolvedScope }> {
  const context: ListingContext = { category: null, sub_category: null, brand: null, collection: null };
  const scope: ResolvedScope = {};
  if (f.subCategory && !f.category) throw new AppError({ code: 'VALIDATION', message: 'Choose a category together with the subcategory.' });
  const [category, brand, collection, tagRows] = await Promise.all([
    f.category
      ? db.query.categories.findFirst({ columns: named, where: and(eq(categories.slug, f.category), eq(categories.status, 1)) })
      : undefined,
    f.brand ? db.query.brands.findFirst({ columns: named, where: and(eq(brands.id, f.brand), eq(brands.status, 1)) }) : undefined,
    f.collection
      ? db.query.collections.findFirst({ columns: named, where: and(eq(collections.id, f.collection), eq(collections.status, 1)) })
      : undefined,
    f.tags?.length ? findTagIds(db, f.tags) : undefined,
  ]);
  if (f.category && !category) throw notFound('thisCategory');
  if (f.brand && !brand) throw notFound('thisBrand');
  if (f.collection && !collection) throw notFound('thisCollection');
  if (category) {
    context.category = category;
    scope.categoryId = category.id;
  }
  if (f.subCategory && category) {
    const sub = await db.query.subCategories.findFirst({
      columns: named,
      where: and(eq(subCategories.slug, f.subCategory), eq(subCategories.categoryId, category.id), eq(subCategories.status, 1)),
    });
    if (!sub) throw notFound('thisSubcategory');
    context.sub_category = sub;
    scope.subCategoryId = sub.id;
  }
  context.brand = brand ?? null;
  context.collection = collection ?? null;
  if (tagRows) scope.tagIds = tagRows;
  // Titles and breadcrumbs name them in the shopper's language (the default one's where not translated).
  const [c, s, b, k] = await Promise.all([
    localName('category', context.category),
    localName('sub_category', context.sub_category),
    localName('brand', context.brand),
    localName('collection', context.collection),
  ]);
  return { context: { category: c, sub_category: s, brand: b, collection: k }, scope };
}

async function findTagIds(db: Tx, keys: string[]): Promise<number[]> {
  const ids = keys.filter((k) => /^\d+$/.test(k)).map(Number);
  const slugs = keys.filter((k) => !/^\d+$/.test(k));
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(or(slugs.length ? inArray(tags.slug, slugs) : undefined, ids.length ? inArray(tags.id, ids) : undefined));
  return rows.map((r) => r.id);
}

/**
 * One page of active products matching the filters: one query for the rows, one for the count
 * (skipped with `withTotal: false`, e.g. the home page, and remembered briefly per filter set).
 */
export async function queryListingPage(
  db: Tx,
  f: ListingFilters,
  scope: ResolvedScope,
  now = new Date(),
  opts: { withTotal?: boolean } = {},
): Promise<ListingPage> {
  const fp = runningFlashPrices(db, now);
  const vp = variantPrices(db);
  const { where, needsFlash } = listingConditions(f, scope, fp, vp);
  const rowsQuery = db.select(cardColumns).from(products);
  const countQuery = db.select({ n: count() }).from(products);
  const countKey = JSON.stringify([
    scope,
    f.min,
    f.max,
    f.rating,
    f.categoryIds,
    f.subCategoryIds,
    f.brandIds,
    f.productIds,
    f.brand,
    f.collection,
  ]);
  const countTotal = async () => {
    const [counted] = await (
      needsFlash ? countQuery.leftJoin(fp, eq(fp.productId, products.id)).leftJoin(vp, eq(vp.productId, products.id)) : countQuery
    ).where(where);
    return Number(counted?.n ?? 0);
  };
  const [rows, counted] = await Promise.all([
    (needsFlash || sortNeedsFlash(f.sort)
      ? rowsQuery.leftJoin(fp, eq(fp.productId, products.id)).leftJoin(vp, eq(vp.productId, products.id))
      : rowsQuery
    )
      .where(sortNeedsFlash(f.sort) ? and(where, priceSortCandidates(db, f, scope, fp, vp, now)) : where)
      .orderBy(...listingOrder(f.sort, fp, vp))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    opts.withTotal === false ? null : counts.get(countKey, now.getTime(), countTotal),
  ]);
  const total = counted ?? (f.page - 1) * f.perPage + rows.length;
  return {
    data: await toCards(db, rows, undefined, now),
    current_page: f.page,
    last_page: Math.max(1, Math.ceil(total / f.perPage)),
    per_page: f.perPage,
    total,
  };
}

// Counting a large listing scans every matching row (≈240 ms for 100,000 products on PGlite) while
// the page itself comes from an index in a few ms. Totals are kept per filter set for a few seconds in
// each process: paging and sorting reuse them, and a stale total only shifts the last page briefly.
const counts = keyedMemo<number>(15_000, 500);

/** Forgets remembered listing totals (tests, or after bulk changes). */
export const clearListingCounts = (): void => counts.clear();

/** A listing (category, subcategory, source keys, brand, collection): its context and one page of products. */
export async function browseListing(
  f: ListingFilters,
  extra: Pick<ResolvedScope, 'flashSaleId' | 'storeId'> = {},
): Promise<ListingContext & { result: ListingPage }> {
  const db = getDb();
  const { context, scope } = await resolveListingContext(db, f);
  const result = await queryListingPage(db, f, { ...scope, ...extra });
  return { ...context, result };
}
