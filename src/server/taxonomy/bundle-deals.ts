import { and, asc, count, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { bundleDeals, products, stores } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { fieldError } from '@/server/taxonomy/shared';
import { pickedProducts, type PickedProduct } from '@/server/taxonomy/pick';
import type { BundleDealWriteInput, MemberInput } from '@/lib/schemas/taxonomy';

/**
 * The operator's editor of bundle deals as the storefront models them: "buy `buy`, get `free` free", of one store
 * or of the whole shop, offered on the products that name it (`products.bundle_deal_id`: one deal per product).
 */
export interface BundleDealRow {
  id: number;
  title: string;
  store_id: number | null;
  store: string | null;
  buy: number;
  free: number;
  shown: boolean;
  products: number;
}
export interface BundleDealDetail extends BundleDealRow {
  items: PickedProduct[];
}

const NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.taxonomy.bundleDeals.notFound' });

const columns = {
  id: bundleDeals.id,
  title: bundleDeals.title,
  storeId: bundleDeals.storeId,
  store: stores.name,
  buy: bundleDeals.buy,
  free: bundleDeals.free,
  status: bundleDeals.status,
};
type Record_ = { id: number; title: string; storeId: number | null; store: string | null; buy: number; free: number; status: number };

const toRow = (d: Record_, n: number): BundleDealRow => ({
  id: d.id,
  title: d.title,
  store_id: d.storeId,
  store: d.store,
  buy: d.buy,
  free: d.free,
  shown: d.status === 1,
  products: n,
});

/** Every bundle deal (a shop has a handful: one page). */
export async function listAllBundleDeals(db: Tx = getDb()): Promise<{ items: BundleDealRow[]; next_cursor: null }> {
  const [rows, counts] = await Promise.all([
    db
      .select(columns)
      .from(bundleDeals)
      .leftJoin(stores, eq(stores.id, bundleDeals.storeId))
      .orderBy(asc(bundleDeals.title), asc(bundleDeals.id)),
    db.select({ id: products.bundleDealId, n: count() }).from(products).groupBy(products.bundleDealId),
  ]);
  const per = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return { items: rows.map((d) => toRow(d, per.get(d.id) ?? 0)), next_cursor: null };
}

/** One bundle deal with its products; NOT_FOUND otherwise. */
export async function getBundleDeal(id: number, db: Tx = getDb()): Promise<BundleDealDetail> {
  const [row] = await db
    .select(columns)
    .from(bundleDeals)
    .leftJoin(stores, eq(stores.id, bundleDeals.storeId))
    .where(eq(bundleDeals.id, id));
  if (!row) throw NOT_FOUND();
  const members = await db.select({ id: products.id }).from(products).where(eq(products.bundleDealId, id)).orderBy(asc(products.title));
  const items = await pickedProducts(
    members.map((m) => m.id),
    db,
  );
  return { ...toRow(row, items.length), items };
}

const rowOnly = ({ items: _items, ...row }: BundleDealDetail): BundleDealRow => row;

/** Creates or updates a bundle deal. A deal of one store keeps only that store's products. */
export async function saveBundleDeal(tx: Tx, input: BundleDealWriteInput): Promise<{ before: BundleDealRow | null; after: BundleDealRow }> {
  const before = input.id ? await getBundleDeal(input.id, tx) : null;
  if (input.store_id) {
    const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, input.store_id));
    if (!store) throw fieldError('store_id', 'backoffice.taxonomy.bundleDeals.chooseStore');
    const others = before?.items.filter((p) => p.store_id !== input.store_id) ?? [];
    if (others.length) throw fieldError('store_id', 'backoffice.taxonomy.bundleDeals.otherStoreProducts', { count: others.length });
  }
  const values = { title: input.title, storeId: input.store_id ?? null, buy: input.buy, free: input.free, status: input.shown ? 1 : 0 };
  const id = before
    ? (await tx.update(bundleDeals).set(values).where(eq(bundleDeals.id, before.id)).returning({ id: bundleDeals.id }))[0]!.id
    : (await tx.insert(bundleDeals).values(values).returning({ id: bundleDeals.id }))[0]!.id;
  return { before: before ? rowOnly(before) : null, after: rowOnly(await getBundleDeal(id, tx)) };
}

/** Offers the deal on a product (replacing the product's former deal), or takes it off. */
export async function changeBundleDealProduct(tx: Tx, input: MemberInput): Promise<{ before: number[]; after: BundleDealDetail }> {
  const deal = await getBundleDeal(input.id, tx);
  const [product] = await tx.select({ id: products.id, storeId: products.storeId }).from(products).where(eq(products.id, input.product_id));
  if (!product) throw fieldError('product_id', 'backoffice.taxonomy.productNotFound');
  if (input.op === 'add') {
    if (deal.store_id && product.storeId !== deal.store_id) throw fieldError('product_id', 'backoffice.taxonomy.bundleDeals.notThisStore');
    await tx.update(products).set({ bundleDealId: deal.id }).where(eq(products.id, product.id));
  } else {
    await tx
      .update(products)
      .set({ bundleDealId: null })
      .where(and(eq(products.id, product.id), eq(products.bundleDealId, deal.id)));
  }
  return { before: deal.items.map((p) => p.id), after: await getBundleDeal(deal.id, tx) };
}

/** Deletes a bundle deal: its products no longer offer it (carts' lines lose it with the foreign key). */
export async function deleteBundleDeal(tx: Tx, id: number): Promise<BundleDealRow> {
  const before = rowOnly(await getBundleDeal(id, tx));
  await tx.update(products).set({ bundleDealId: null }).where(eq(products.bundleDealId, id));
  await tx.delete(bundleDeals).where(eq(bundleDeals.id, id));
  return before;
}
