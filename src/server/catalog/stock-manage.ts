import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { attributes, attributeValues, inventories, inventoryAttributes, orderLines, products } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { inScope, storeIdsOf, type Scope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { stockChanged } from '@/server/core/stock-changes';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { explainStock, type StockReason } from '@/server/catalog/stock-ledger';
import type {
  StockAdjustInput,
  StockHistoryQuery,
  VariantChangeInput,
  VariantsGenerateInput,
  VariantsGridInput,
} from '@/lib/schemas/product-write';

/**
 * The product editor's stock and variants (issue 33), in the caller's scope (a seller: their stores' products; any
 * other product or variant is 404). Every change of stock goes through the stock ledger: the writer explains it
 * (`explainStock`) and the database's triggers write the rows in this transaction (migration 0025).
 */

const fieldError = (field: string, message: string) =>
  new AppError({ code: 'VALIDATION', message, details: { fields: { [field]: message } } });

/**
 * The product, locked, when it is in the caller's scope; 404 otherwise. Its variants are locked first (by id), then
 * the product: the order checkout and cancellations lock in (orders/stock.ts `lockOrder`: variants, then their
 * products), so an editor's change and an order never wait on each other in a circle.
 */
async function lockProduct(tx: Tx, id: number, scope: Scope) {
  const [seen] = await tx.select({ storeId: products.storeId }).from(products).where(eq(products.id, id)).limit(1);
  if (!seen || !inScope(scope, seen.storeId)) throw notFound('theProduct');
  await tx.select({ id: inventories.id }).from(inventories).where(eq(inventories.productId, id)).orderBy(asc(inventories.id)).for('update');
  const [p] = await tx
    .select({ id: products.id, storeId: products.storeId, stock: products.stock })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  if (!p || !inScope(scope, p.storeId)) throw notFound('theProduct');
  return p;
}

/**
 * A product with variants holds the sum of its variants on sale as its own stock (listings read it; orders take
 * both, orders/stock.ts). Called after the variants changed, under the product's lock.
 */
async function syncVariantProduct(tx: Tx, productId: number): Promise<void> {
  await tx.execute(sql`update products p set stock = s.total, updated_at = now()
    from (select coalesce(sum(quantity), 0)::int as total, count(*) as n from inventories where product_id = ${productId} and archived_at is null) s
    where p.id = ${productId} and s.n > 0 and p.stock <> s.total`);
}

/** "Black / 65 W" for every variant of a product (archived ones too), by variant id. */
async function variantLabels(db: Tx, productId: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; label: string }>(
    db,
    sql`select i.id, coalesce(string_agg(v.title, ' / ' order by v.attribute_id), '') as label
        from inventories i left join inventory_attributes ia on ia.inventory_id = i.id left join attribute_values v on v.id = ia.attribute_value_id
        where i.product_id = ${productId} group by i.id`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.label]));
}

export interface StockAdjusted {
  id: number;
  inventory_id: number | null;
  stock: number;
  change: number;
}

/** Pieces received, damaged or counted, of the product or one of its variants: one ledger row (and the product's when a variant). */
export async function adjustStock(input: StockAdjustInput, actor: Actor, { scope, tx, audit }: Access): Promise<StockAdjusted> {
  const p = await lockProduct(tx, input.id, scope);
  let current = p.stock;
  if (input.inventory_id !== null) {
    const [v] = await tx
      .select({ quantity: inventories.quantity, archivedAt: inventories.archivedAt })
      .from(inventories)
      .where(and(eq(inventories.id, input.inventory_id), eq(inventories.productId, p.id)))
      .for('update');
    if (!v || v.archivedAt) throw notFound('The variant');
    current = v.quantity;
  } else {
    const [variant] = await tx
      .select({ id: inventories.id })
      .from(inventories)
      .where(and(eq(inventories.productId, p.id), sql`${inventories.archivedAt} is null`))
      .limit(1);
    if (variant) throw fieldError('inventory_id', 'This product has variants: choose the variant whose stock changes.');
  }
  const next =
    input.reason === 'received' ? current + input.quantity : input.reason === 'damaged' ? current - input.quantity : input.quantity;
  if (next < 0) throw fieldError('quantity', `Only ${current} in stock: you cannot write off more than that.`);
  if (next > 2_000_000_000) throw fieldError('quantity', 'That is more stock than the shop can count.');
  await explainStock(tx, { reason: input.reason, note: input.note, actorId: actor.user?.id ?? null });
  stockChanged();
  if (input.inventory_id !== null) {
    await tx.update(inventories).set({ quantity: next }).where(eq(inventories.id, input.inventory_id));
    await syncVariantProduct(tx, p.id);
  } else {
    await tx.update(products).set({ stock: next, updatedAt: new Date() }).where(eq(products.id, p.id));
  }
  audit({
    entity: 'product',
    entityId: p.id,
    before: { stock: current, ...(input.inventory_id !== null ? { inventory_id: input.inventory_id } : {}) },
    after: { stock: next, reason: input.reason, note: input.note },
  });
  return { id: p.id, inventory_id: input.inventory_id, stock: next, change: next - current };
}

/** One row of a product's stock history. */
export interface StockHistoryRow {
  id: number;
  created_at: string;
  change: number;
  reason: StockReason;
  note: string;
  /** The variant's values ("Black / 65 W"); null: the product's own stock. */
  variant: string | null;
  inventory_id: number | null;
  /** Who changed it (their name), null when nobody signed in did (a command-line import, the opening count). */
  by: string | null;
  order_id: number | null;
}

/** A product's stock ledger, newest first, keyset-paged on the row id. */
export async function stockHistory(
  query: StockHistoryQuery,
  scope: Scope,
  db: Tx = getDb(),
): Promise<{ items: StockHistoryRow[]; next_cursor: string | null; stock: number; ledger_sum: number }> {
  const [p] = await db
    .select({ storeId: products.storeId, stock: products.stock })
    .from(products)
    .where(eq(products.id, query.id))
    .limit(1);
  if (!p || !inScope(scope, p.storeId)) throw notFound('theProduct');
  const after = decodeCursor(query.cursor, 1);
  const [rows, labels, [sum]] = await Promise.all([
    queryRows<Omit<StockHistoryRow, 'variant'>>(
      db,
      sql`select l.id, l.created_at, l.change, l.reason, l.note, l.inventory_id, u.name as by, l.order_id
          from stock_ledger l left join users u on u.id = l.actor_id
          where l.product_id = ${query.id} ${after ? sql`and l.id < ${Number(after[0])}` : sql``}
          order by l.id desc limit ${query.per_page + 1}`,
    ),
    variantLabels(db, query.id),
    queryRows<{ total: number }>(
      db,
      sql`select coalesce(sum(change), 0)::int as total from stock_ledger where product_id = ${query.id} and inventory_id is null`,
    ),
  ]);
  const items = rows.map((r) => ({
    ...r,
    id: Number(r.id),
    change: Number(r.change),
    created_at: new Date(r.created_at).toISOString(),
    inventory_id: r.inventory_id === null ? null : Number(r.inventory_id),
    order_id: r.order_id === null ? null : Number(r.order_id),
    variant: r.inventory_id === null ? null : (labels.get(Number(r.inventory_id)) ?? ''),
  }));
  return { ...pageOf(items, query.per_page, (r) => [r.id]), stock: p.stock, ledger_sum: Number(sum?.total ?? 0) };
}

/** One variant in the editor's grid. */
export interface EditorVariant {
  id: number;
  label: string;
  sku: string;
  price: number;
  stock: number;
  archived: boolean;
  has_orders: boolean;
}

/** A product's variants for its editor (archived ones last), in the caller's scope. */
export async function editorVariants(id: number, scope: Scope, db: Tx = getDb()): Promise<{ variants: EditorVariant[] }> {
  const [p] = await db.select({ storeId: products.storeId }).from(products).where(eq(products.id, id)).limit(1);
  if (!p || !inScope(scope, p.storeId)) throw notFound('theProduct');
  const [rows, labels, ordered] = await Promise.all([
    db.select().from(inventories).where(eq(inventories.productId, id)).orderBy(asc(inventories.id)),
    variantLabels(db, id),
    db.selectDistinct({ id: orderLines.inventoryId }).from(orderLines).where(eq(orderLines.productId, id)),
  ]);
  const orderedIds = new Set(ordered.map((o) => o.id));
  const variants = rows.map((r) => ({
    id: r.id,
    label: labels.get(r.id) ?? '',
    sku: r.sku ?? '',
    price: r.price,
    stock: r.quantity,
    archived: r.archivedAt !== null,
    has_orders: orderedIds.has(r.id),
  }));
  return { variants: [...variants.filter((v) => !v.archived), ...variants.filter((v) => v.archived)] };
}

/** The attribute named so (any case), made when the shop has none; likewise its values. */
async function attributeValueIds(tx: Tx, group: { title: string; values: string[] }): Promise<number[]> {
  const [found] = await queryRows<{ id: number }>(tx, sql`select id from attributes where lower(title) = lower(${group.title}) limit 1`);
  const attributeId =
    found?.id ??
    (
      await tx
        .insert(attributes)
        .values({ title: group.title })
        .onConflictDoUpdate({ target: attributes.title, set: { title: group.title } })
        .returning({ id: attributes.id })
    )[0]!.id;
  const existing = await tx
    .select({ id: attributeValues.id, title: attributeValues.title })
    .from(attributeValues)
    .where(eq(attributeValues.attributeId, attributeId));
  const ids: number[] = [];
  for (const title of group.values) {
    const same = existing.find((v) => v.title.toLowerCase() === title.toLowerCase());
    ids.push(same?.id ?? (await tx.insert(attributeValues).values({ attributeId, title }).returning({ id: attributeValues.id }))[0]!.id);
  }
  return ids;
}

/** Every combination of one value per group. */
const combine = (groups: number[][]): number[][] =>
  groups.reduce<number[][]>((all, g) => all.flatMap((c) => g.map((v) => [...c, v])), [[]]);

/**
 * The variant grid generated from attributes and their values: each combination the product lacks becomes a
 * variant (no stock, the product's price); an archived one of the same values is put back on sale.
 */
export async function generateVariants(
  input: VariantsGenerateInput,
  actor: Actor,
  { scope, tx, audit }: Access,
): Promise<{ id: number; created: number; restored: number }> {
  const p = await lockProduct(tx, input.id, scope);
  const groups: number[][] = [];
  for (const g of input.groups) groups.push(await attributeValueIds(tx, g));
  const current = await queryRows<{ id: number; archived: boolean; value_ids: number[] }>(
    tx,
    sql`select i.id, i.archived_at is not null as archived,
          coalesce((select array_agg(a.attribute_value_id order by a.attribute_value_id) from inventory_attributes a where a.inventory_id = i.id), '{}') as value_ids
        from inventories i where i.product_id = ${p.id}`,
  );
  const key = (ids: number[]) =>
    [...ids]
      .map(Number)
      .sort((a, b) => a - b)
      .join(',');
  const byKey = new Map(current.map((c) => [key(c.value_ids), c]));
  const hadVariants = current.some((c) => !c.archived);
  let created = 0;
  let restored = 0;
  await explainStock(tx, { reason: 'counted', note: 'variants', actorId: actor.user?.id ?? null });
  for (const combination of combine(groups)) {
    const same = byKey.get(key(combination));
    if (same && !same.archived) continue;
    if (same) {
      await tx.update(inventories).set({ archivedAt: null }).where(eq(inventories.id, same.id));
      restored++;
      continue;
    }
    const [row] = await tx.insert(inventories).values({ productId: p.id, quantity: 0, price: 0 }).returning({ id: inventories.id });
    await tx.insert(inventoryAttributes).values(combination.map((attributeValueId) => ({ inventoryId: row!.id, attributeValueId })));
    created++;
  }
  // A product that had no variants held its stock itself: its stock is now its variants' (none yet).
  if (!hadVariants && created + restored > 0) stockChanged();
  await syncVariantProduct(tx, p.id);
  audit({
    entity: 'product',
    entityId: p.id,
    before: { variants: current.filter((c) => !c.archived).length },
    after: { attributes: input.groups, created, restored },
  });
  return { id: p.id, created, restored };
}

/** The grid's SKUs, price overrides and stock (counted) saved at once; a variant of another product is 404. */
export async function saveVariantGrid(
  input: VariantsGridInput,
  actor: Actor,
  { scope, tx, audit }: Access,
): Promise<{ id: number; saved: number }> {
  const p = await lockProduct(tx, input.id, scope);
  const ids = [...new Set(input.variants.map((v) => v.id))];
  const rows = await tx
    .select()
    .from(inventories)
    .where(and(eq(inventories.productId, p.id), inArray(inventories.id, ids)))
    .orderBy(asc(inventories.id))
    .for('update');
  if (rows.length !== ids.length) throw notFound('The variant');
  await explainStock(tx, { reason: 'counted', note: 'variant grid', actorId: actor.user?.id ?? null });
  const changes: { id: number; sku?: string; price?: number; stock?: number }[] = [];
  for (const v of input.variants) {
    const before = rows.find((r) => r.id === v.id)!;
    const sku = v.sku || null;
    if (before.sku === sku && before.price === v.price && before.quantity === v.stock) continue;
    await tx.update(inventories).set({ sku, price: v.price, quantity: v.stock }).where(eq(inventories.id, v.id));
    changes.push({ id: v.id, sku: v.sku, price: v.price, stock: v.stock });
  }
  if (changes.length) {
    stockChanged();
    await syncVariantProduct(tx, p.id);
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, p.id));
  }
  audit({
    entity: 'product',
    entityId: p.id,
    before: { variants: rows.map((r) => ({ id: r.id, sku: r.sku, price: r.price, stock: r.quantity })) },
    after: { variants: changes },
  });
  return { id: p.id, saved: changes.length };
}

/** A variant removed: deleted when never ordered, archived (kept for its orders, stock 0) when it was; or put back on sale. */
export async function changeVariant(
  input: VariantChangeInput,
  actor: Actor,
  { scope, tx, audit }: Access,
): Promise<{ id: number; variant_id: number; result: 'deleted' | 'archived' | 'restored' }> {
  const p = await lockProduct(tx, input.id, scope);
  const [v] = await tx
    .select()
    .from(inventories)
    .where(and(eq(inventories.id, input.variant_id), eq(inventories.productId, p.id)))
    .for('update');
  if (!v) throw notFound('The variant');
  await explainStock(tx, {
    reason: 'counted',
    note: input.op === 'remove' ? 'variant removed' : 'variant restored',
    actorId: actor.user?.id ?? null,
  });
  let result: 'deleted' | 'archived' | 'restored';
  if (input.op === 'restore') {
    await tx.update(inventories).set({ archivedAt: null }).where(eq(inventories.id, v.id));
    result = 'restored';
  } else {
    const [ordered] = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.inventoryId, v.id)).limit(1);
    if (ordered) {
      await tx
        .update(inventories)
        .set({ archivedAt: v.archivedAt ?? new Date(), quantity: 0 })
        .where(eq(inventories.id, v.id));
      result = 'archived';
    } else {
      await tx.delete(inventories).where(eq(inventories.id, v.id));
      result = 'deleted';
    }
  }
  stockChanged();
  await syncVariantProduct(tx, p.id);
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, p.id));
  audit({
    entity: 'product',
    entityId: p.id,
    before: { variant_id: v.id, sku: v.sku, stock: v.quantity, archived: v.archivedAt !== null },
    after: { variant_id: v.id, result },
  });
  return { id: p.id, variant_id: v.id, result };
}

/** One product at or below its low-stock threshold (but not out of stock) on the back office's home. */
export interface LowStockRow {
  id: number;
  title: string;
  stock: number;
  low_stock: number;
}

/** Products at or below their threshold in the caller's scope, fewest pieces first (read through `products_low_stock_idx`). */
export async function lowStockProducts(scope: Scope, limit = 10, db: Tx = getDb()): Promise<LowStockRow[]> {
  const ids = storeIdsOf(scope);
  if (ids !== null && !ids.length) return [];
  const rows = await queryRows<LowStockRow>(
    db,
    sql`select id, title, stock, low_stock from products
        where stock > 0 and stock <= low_stock
          ${
            ids === null
              ? sql``
              : sql`and store_id in (${sql.join(
                  ids.map((i) => sql`${i}`),
                  sql`, `,
                )})`
          }
        order by stock asc, id asc limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, stock: Number(r.stock), low_stock: Number(r.low_stock) }));
}
