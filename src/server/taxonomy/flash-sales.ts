import { and, asc, count, desc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { flashSaleProducts, flashSales, products } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { fieldError, pickSlug } from '@/server/taxonomy/shared';
import { pickedProducts, type PickedProduct } from '@/server/taxonomy/pick';
import type { FlashSaleProductInput, FlashSaleWriteInput } from '@/lib/schemas/taxonomy';

/**
 * The operator's editor of flash sales: name, start and end, and each product's sale price (below the product's
 * own price). The storefront shows running sales with their countdown (catalog/flash-sales.ts, product-card.ts)
 * and the cart and checkout charge the sale price while it runs.
 */
export interface FlashSaleRow {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  starts_at: string;
  ends_at: string;
  shown: boolean;
  /** running, upcoming or ended (at the moment asked). */
  state: 'running' | 'upcoming' | 'ended';
  products: number;
}
export interface FlashSaleDetail extends FlashSaleRow {
  items: (PickedProduct & { sale_price: number })[];
}

const NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.taxonomy.flashSales.notFound' });

const toRow = (f: typeof flashSales.$inferSelect, n: number, now: Date): FlashSaleRow => ({
  id: f.id,
  title: f.title,
  slug: f.slug,
  image: f.image,
  starts_at: f.startsAt.toISOString(),
  ends_at: f.endsAt.toISOString(),
  shown: f.status === 1,
  state: f.endsAt <= now ? 'ended' : f.startsAt <= now ? 'running' : 'upcoming',
  products: n,
});

/** Every flash sale, the latest to end first (a shop runs a few a month: one page). */
export async function listAllFlashSales(db: Tx = getDb(), now = new Date()): Promise<{ items: FlashSaleRow[]; next_cursor: null }> {
  const [rows, counts] = await Promise.all([
    db.select().from(flashSales).orderBy(desc(flashSales.endsAt), desc(flashSales.id)),
    db.select({ id: flashSaleProducts.flashSaleId, n: count() }).from(flashSaleProducts).groupBy(flashSaleProducts.flashSaleId),
  ]);
  const per = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return { items: rows.map((f) => toRow(f, per.get(f.id) ?? 0, now)), next_cursor: null };
}

/** One flash sale with its products and their sale prices; NOT_FOUND otherwise. */
export async function getFlashSaleForEditor(id: number, db: Tx = getDb(), now = new Date()): Promise<FlashSaleDetail> {
  const [row] = await db.select().from(flashSales).where(eq(flashSales.id, id));
  if (!row) throw NOT_FOUND();
  const members = await db
    .select({ id: flashSaleProducts.productId, price: flashSaleProducts.price })
    .from(flashSaleProducts)
    .innerJoin(products, eq(products.id, flashSaleProducts.productId))
    .where(eq(flashSaleProducts.flashSaleId, id))
    .orderBy(asc(products.title));
  const prices = new Map(members.map((m) => [m.id, m.price]));
  const items = (
    await pickedProducts(
      members.map((m) => m.id),
      db,
    )
  ).map((p) => ({ ...p, sale_price: prices.get(p.id) ?? 0 }));
  return { ...toRow(row, items.length, now), items };
}

const rowOnly = ({ items: _items, ...row }: FlashSaleDetail): FlashSaleRow => row;

/** Creates or updates a flash sale in the caller's transaction (the schema has refused an end before its start). */
export async function saveFlashSale(
  tx: Tx,
  input: FlashSaleWriteInput,
  picture: string | null,
): Promise<{ before: FlashSaleRow | null; after: FlashSaleRow; replaced: string | null }> {
  const before = input.id ? await getFlashSaleForEditor(input.id, tx) : null;
  const slug = await pickSlug(
    tx,
    { table: flashSales, id: flashSales.id, slug: flashSales.slug },
    // An update without a slug keeps the current address: a slug changes only on purpose.
    input.slug ?? before?.slug ?? null,
    input.title,
    before?.id ?? null,
    'flash-sale',
    'Another flash sale has this slug. Choose another one.',
  );
  const values = {
    title: input.title,
    slug,
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    status: input.shown ? 1 : 0,
    ...(picture ? { image: picture } : {}),
  };
  const id = before
    ? (await tx.update(flashSales).set(values).where(eq(flashSales.id, before.id)).returning({ id: flashSales.id }))[0]!.id
    : (await tx.insert(flashSales).values(values).returning({ id: flashSales.id }))[0]!.id;
  return {
    before: before ? rowOnly(before) : null,
    after: rowOnly(await getFlashSaleForEditor(id, tx)),
    replaced: picture && before?.image ? before.image : null,
  };
}

/**
 * Puts a product in a flash sale at a sale price (or changes its price), or takes it out. A sale price at or
 * above what the product costs today is refused: it would be no sale.
 */
export async function changeFlashSaleProduct(
  tx: Tx,
  input: FlashSaleProductInput,
): Promise<{ before: FlashSaleDetail['items']; after: FlashSaleDetail }> {
  const sale = await getFlashSaleForEditor(input.id, tx);
  if (input.op === 'remove') {
    await tx
      .delete(flashSaleProducts)
      .where(and(eq(flashSaleProducts.flashSaleId, input.id), eq(flashSaleProducts.productId, input.product_id)));
  } else {
    const [product] = await pickedProducts([input.product_id], tx);
    if (!product) throw fieldError('product_id', 'backoffice.taxonomy.productNotFound');
    const price = input.price!;
    if (price >= product.price) throw fieldError('price', 'backoffice.taxonomy.flashSales.priceNotBelow', { price: product.price });
    await tx
      .insert(flashSaleProducts)
      .values({ flashSaleId: input.id, productId: input.product_id, price })
      .onConflictDoUpdate({ target: [flashSaleProducts.flashSaleId, flashSaleProducts.productId], set: { price } });
  }
  return { before: sale.items, after: await getFlashSaleForEditor(input.id, tx) };
}

/** Deletes a flash sale: its prices stop at once. */
export async function deleteFlashSale(tx: Tx, id: number): Promise<FlashSaleRow> {
  const before = rowOnly(await getFlashSaleForEditor(id, tx));
  await tx.delete(flashSales).where(eq(flashSales.id, id));
  return before;
}
