import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
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

/** At most this many products are counted for the pager ("Page 1 of 100"), as search counts (search/results.ts). */
export const SUGGESTED_COUNT_CAP = 1000;

/**
 * The same list for a product already loaded (the detail page has its ids at hand).
 *
 * At 100,000 products "like this one" (same store, say) is tens of thousands of rows: ordering them all by
 * rank and counting them all read the whole table on every product page (issue 39). So the page is taken
 * from four short walks, one per reason, each down its index in (sold_count desc, id) and stopped after the
 * rows this page can need — same sub-category (rank 0); same category, other sub-category (1); same store or
 * brand, other category (2) — and the count stops at SUGGESTED_COUNT_CAP. The rows and their order are those
 * of the single query this replaced (tests/integration/suggested-scale.test.ts compares them).
 */
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
  const offset = offsetOf(page, perPage);
  const reach = offset + perPage;
  const notSameSub = p.subCategoryId == null ? sql`true` : sql`${products.subCategoryId} is distinct from ${p.subCategoryId}`;
  const walk = (tier: number, by: SQL) =>
    sql`(select ${products.id} as id, ${sql.raw(String(tier))} as tier, ${products.soldCount} as sold from ${products}
         where ${by} and ${onSale()} and ${products.id} <> ${p.id}
         order by ${products.soldCount} desc, ${products.id} limit ${reach})`;
  const walks = [
    p.subCategoryId == null ? null : walk(0, eq(products.subCategoryId, p.subCategoryId)),
    walk(1, and(eq(products.categoryId, p.categoryId), notSameSub)!),
    walk(2, and(eq(products.storeId, p.storeId), ne(products.categoryId, p.categoryId), notSameSub)!),
    p.brandId == null ? null : walk(2, and(eq(products.brandId, p.brandId), ne(products.categoryId, p.categoryId), notSameSub)!),
  ].filter((w): w is SQL => w !== null);
  const pageIds = sql`(select id from (${sql.join(walks, sql` union `)}) w order by tier, sold desc, id limit ${perPage} offset ${offset})`;
  const [rows, counted] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(sql`${products.id} in ${pageIds}`)
      .orderBy(rank, sql`${products.soldCount} desc`, asc(products.id)),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from (select 1 from ${products} where ${where} limit ${SUGGESTED_COUNT_CAP}) c`,
    ),
  ]);
  return toPaged(await toCards(db, rows), page, perPage, Number(counted[0]?.n ?? 0));
}
