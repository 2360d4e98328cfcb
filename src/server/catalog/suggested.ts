import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { cardColumns, toCards, type ProductCard } from '@/server/catalog/product-card';
import { offsetOf, toPaged, type Paged } from '@/server/catalog/product-paging';
import { findProductRow } from '@/server/catalog/product-detail';
import { notFound } from '@/server/core/errors';
import { onSale } from '@/server/catalog/on-sale';

export const SUGGESTED_PER_PAGE = 10;

/** What "like this one" is measured by. */
export interface SuggestBase {
  id: number;
  categoryId: number;
  subCategoryId: number | null;
  storeId: number;
  brandId: number | null;
}

/**
 * Products like this one, paged: same sub-category, then same category, then same store or brand;
 * never the product itself. Ties break on id so pages never overlap.
 */
export async function listSuggestedProducts(
  ref: string,
  page = 1,
  perPage = SUGGESTED_PER_PAGE,
  db: Tx = getDb(),
): Promise<Paged<ProductCard>> {
  const p = await findProductRow(ref, db);
  if (!p) throw notFound('thisProduct');
  return listSuggestedFor(p, page, perPage, db);
}

/** The same list for a product already loaded (the detail page has its ids at hand). */
export async function listSuggestedFor(
  p: SuggestBase,
  page = 1,
  perPage = SUGGESTED_PER_PAGE,
  db: Tx = getDb(),
): Promise<Paged<ProductCard>> {
  const same = (col: typeof products.subCategoryId | typeof products.brandId, v: number | null) => (v == null ? sql`false` : eq(col, v));
  const related: SQL = or(
    same(products.subCategoryId, p.subCategoryId),
    eq(products.categoryId, p.categoryId),
    eq(products.storeId, p.storeId),
    same(products.brandId, p.brandId),
  )!;
  const where = and(onSale(), ne(products.id, p.id), related);
  const rank = sql`case
    when ${same(products.subCategoryId, p.subCategoryId)} then 0
    when ${products.categoryId} = ${p.categoryId} then 1
    else 2 end`;
  const [rows, counted] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(rank, sql`${products.soldCount} desc`, asc(products.id))
      .limit(perPage)
      .offset(offsetOf(page, perPage)),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return toPaged(await toCards(db, rows), page, perPage, Number(counted[0]?.n ?? 0));
}
