import { and, asc, desc, eq, exists, gt, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import {
  collectionProducts,
  flashSaleProducts,
  flashSales,
  inventories,
  inventoryAttributes,
  productTags,
  products,
} from '@/server/db/schema';
import type { ListingFilters, Sort } from '@/lib/listing-filters';
import { onSale } from '@/server/catalog/on-sale';

/**
 * SQL pieces of the listing query. The current price follows the spec's rule in SQL (running flash
 * price, else offered when above 0, else selling) so price filters, price sorting and pagination
 * agree with the price printed on each tile.
 */

/** A flash sale's product whose sale runs now with a price: its price on the storefront is the flash price. */
const flashRunning = (now: Date) =>
  and(eq(flashSales.status, 1), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now), gt(flashSaleProducts.price, 0));

/** Lowest running flash price per product; small (only products in running sales), joined by id. */
export function runningFlashPrices(db: Tx, now: Date) {
  return db
    .select({ productId: flashSaleProducts.productId, price: sql<number>`min(${flashSaleProducts.price})`.as('flash_price') })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(flashRunning(now))
    .groupBy(flashSaleProducts.productId)
    .as('fp');
}

/** Ids of the products with a running flash price: the only ones whose current price is not their list price. */
const runningFlashIds = (db: Tx, now: Date) =>
  db
    .select({ id: flashSaleProducts.productId })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(flashRunning(now));
export type FlashJoin = ReturnType<typeof runningFlashPrices>;

/**
 * Per product with variants (that have attributes): the lowest variant price above 0, and whether some
 * variant sells at the product's own price (price 0). Only products with variants appear.
 */
export function variantPrices(db: Tx) {
  const hasAttributes = exists(
    db
      .select({ one: sql`1` })
      .from(inventoryAttributes)
      .where(eq(inventoryAttributes.inventoryId, inventories.id)),
  );
  return (
    db
      .select({
        productId: inventories.productId,
        minPrice: sql<number | null>`min(${inventories.price}) filter (where ${inventories.price} > 0)`.as('variant_min_price'),
        hasOwn: sql<boolean>`bool_or(${inventories.price} <= 0)`.as('variant_has_own'),
      })
      .from(inventories)
      // An archived variant (kept for its orders) is not sold: its price is no "from" price.
      .where(and(hasAttributes, sql`${inventories.archivedAt} is null`))
      .groupBy(inventories.productId)
      .as('vp')
  );
}
export type VariantJoin = ReturnType<typeof variantPrices>;

/**
 * cardPriceOf (src/lib/price.ts) in SQL: the rule without variants is the running flash price, else the
 * offer above 0, else the selling price; with variants, the lowest of each variant's price (a variant
 * priced 0 sells at that product price). Sorting and filtering use the figure the tile shows.
 */
export const currentPriceSql = (fp: FlashJoin, vp: VariantJoin): SQL<number> => {
  const own = sql`coalesce(${fp.price}, case when ${products.offered} > 0 then ${products.offered} else ${products.selling} end)`;
  return sql<number>`case when ${vp.productId} is null then ${own} else coalesce(least(${vp.minPrice}, case when ${vp.hasOwn} then ${own} end), ${own}) end`;
};

/** Ids a listing is narrowed to, after slugs were resolved to ids. */
export interface ResolvedScope {
  categoryId?: number;
  subCategoryId?: number;
  tagIds?: number[];
  flashSaleId?: number;
  /** One store's products (the store page). */
  storeId?: number;
}

/** Every WHERE condition of a listing; price bounds need the flash and variant joins (`needsFlash`). */
export function listingConditions(
  f: ListingFilters,
  scope: ResolvedScope,
  fp: FlashJoin,
  vp: VariantJoin,
  /** The price the bounds read: the current price (needs the joins), or the list price where no flash sale runs. */
  price: SQL = currentPriceSql(fp, vp),
): { where: SQL; needsFlash: boolean } {
  const c: (SQL | undefined)[] = [onSale()];
  if (scope.categoryId !== undefined) c.push(eq(products.categoryId, scope.categoryId));
  if (scope.subCategoryId !== undefined) c.push(eq(products.subCategoryId, scope.subCategoryId));
  if (f.categoryIds?.length) c.push(inArray(products.categoryId, f.categoryIds));
  if (f.subCategoryIds?.length) c.push(inArray(products.subCategoryId, f.subCategoryIds));
  if (f.brandIds?.length) c.push(inArray(products.brandId, f.brandIds));
  if (f.productIds?.length) c.push(inArray(products.id, f.productIds));
  if (f.brand !== undefined) c.push(eq(products.brandId, f.brand));
  if (scope.tagIds) {
    c.push(
      scope.tagIds.length
        ? sql`${products.id} in (select ${productTags.productId} from ${productTags} where ${inArray(productTags.tagId, scope.tagIds)})`
        : sql`false`,
    );
  }
  if (f.collection !== undefined) {
    c.push(
      sql`${products.id} in (select ${collectionProducts.productId} from ${collectionProducts} where ${eq(collectionProducts.collectionId, f.collection)})`,
    );
  }
  if (scope.storeId !== undefined) c.push(eq(products.storeId, scope.storeId));
  if (scope.flashSaleId !== undefined) {
    c.push(
      sql`${products.id} in (select ${flashSaleProducts.productId} from ${flashSaleProducts} where ${eq(flashSaleProducts.flashSaleId, scope.flashSaleId)})`,
    );
  }
  if (f.rating !== undefined) c.push(gte(products.rating, String(f.rating)));
  if (f.min !== undefined) c.push(sql`${price} >= ${f.min}`);
  if (f.max !== undefined) c.push(sql`${price} <= ${f.max}`);
  return { where: and(...c)!, needsFlash: f.min !== undefined || f.max !== undefined };
}

/**
 * The products a price-sorted page can hold: the first `page × perPage` by list price (products.list_price, kept
 * by triggers, migration 0034) among those without a running flash sale — an index walk — and every product with
 * one (a few). Ordering those by the current price gives the same page as ordering every product of the listing,
 * without reading each of them (a category of 13,000 products: 3,600 pages of the table read for 20 rows).
 */
export function priceSortCandidates(db: Tx, f: ListingFilters, scope: ResolvedScope, fp: FlashJoin, vp: VariantJoin, now: Date): SQL {
  const flashIds = runningFlashIds(db, now);
  // The bounds read the list price here, so the flash and variant joins stay out of this walk.
  const { where } = listingConditions(f, scope, fp, vp, sql`${products.listPrice}`);
  const dir = f.sort === 'price_desc' ? desc : asc;
  const firstByListPrice = db
    .select({ id: products.id })
    .from(products)
    .where(and(where, notInArray(products.id, flashIds)))
    .orderBy(dir(products.listPrice), dir(products.id))
    .limit(f.page * f.perPage);
  return sql`${products.id} in ((${firstByListPrice}) union (${flashIds}))`;
}

/** ORDER BY for a sort; every order ends on the id so pages never overlap or skip a row. */
export function listingOrder(sort: Sort, fp: FlashJoin, vp: VariantJoin): SQL[] {
  const price = currentPriceSql(fp, vp);
  switch (sort) {
    case 'price_asc':
      return [asc(price), asc(products.id)];
    case 'price_desc':
      return [desc(price), desc(products.id)];
    case 'rating':
      return [desc(products.rating), desc(products.reviewCount), desc(products.id)];
    case 'popularity':
      return [desc(products.soldCount), desc(products.viewCount), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
  }
}

/** Whether ordering reads the current price (and so needs the flash and variant joins). */
export const sortNeedsFlash = (sort: Sort) => sort === 'price_asc' || sort === 'price_desc';
