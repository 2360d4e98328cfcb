import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { stockChanged } from '@/server/core/stock-changes';
import { explainStock, type StockWhy } from '@/server/catalog/stock-ledger';

export interface StockTake {
  productId: number;
  inventoryId: number | null;
  quantity: number;
  title: string;
}

/** The 409 that names the product; the transaction rolls back, so nothing is written. */
export const outOfStock = (title: string, left: number) =>
  new AppError({
    code: 'OUT_OF_STOCK',
    message:
      left > 0
        ? `Only ${left} of "${title}" left in stock. Lower the quantity in your cart and try again.`
        : `"${title}" is out of stock now. Remove it from your cart and try again.`,
    details: { product: title, available: left },
  });

/**
 * The order every stock change takes its row locks in, whoever runs it (checkout, cancellation): plain
 * products by id, then variants by id, then the products of those variants by id (their `stock` is kept
 * equal to the sum of their variants'). Every transaction locks in this one global order, so none waits
 * on another in a circle.
 */
export function lockOrder(takes: StockTake[]): {
  plain: StockTake[];
  variants: StockTake[];
  variantProducts: { productId: number; quantity: number }[];
} {
  const plain = takes.filter((t) => t.inventoryId === null).sort((a, b) => a.productId - b.productId);
  const variants = takes.filter((t) => t.inventoryId !== null).sort((a, b) => a.inventoryId! - b.inventoryId!);
  const sums = new Map<number, number>();
  for (const v of variants) sums.set(v.productId, (sums.get(v.productId) ?? 0) + v.quantity);
  const variantProducts = [...sums].sort((a, b) => a[0] - b[0]).map(([productId, quantity]) => ({ productId, quantity }));
  return { plain, variants, variantProducts };
}

/**
 * Takes the stock of every line or none: one conditional `UPDATE … WHERE stock >= n RETURNING` per line
 * (a variant's quantity, else the product's stock), in `lockOrder`. A variant's product's `stock` goes
 * down by the same amount, so listings ("in stock") agree with the variants. A check-then-write would
 * oversell at READ COMMITTED.
 */
export async function takeStock(tx: Tx, takes: StockTake[], why: Omit<StockWhy, 'reason'> = {}): Promise<void> {
  const { plain, variants, variantProducts } = lockOrder(takes);
  stockChanged();
  // The stock ledger's rows of this change say "order" (its triggers write them in this transaction).
  await explainStock(tx, { ...why, reason: 'order' });
  for (const t of [...plain, ...variants]) {
    const taken = await queryRows<{ left: number }>(
      tx,
      t.inventoryId !== null
        ? sql`update inventories set quantity = quantity - ${t.quantity} where id = ${t.inventoryId} and quantity >= ${t.quantity} returning quantity as left`
        : sql`update products set stock = stock - ${t.quantity} where id = ${t.productId} and stock >= ${t.quantity} returning stock as left`,
    );
    if (taken.length) continue;
    const [now] = await queryRows<{ left: number }>(
      tx,
      t.inventoryId !== null
        ? sql`select quantity as left from inventories where id = ${t.inventoryId}`
        : sql`select stock as left from products where id = ${t.productId}`,
    );
    throw outOfStock(t.title, Math.max(0, now?.left ?? 0));
  }
  for (const p of variantProducts)
    await tx.execute(sql`update products set stock = greatest(stock - ${p.quantity}, 0) where id = ${p.productId}`);
}

/**
 * Gives back what an order took (a cancellation), in the same lock order: a variant's quantity and its
 * product's stock, or the product's stock. Lines whose product or variant was deleted since are skipped.
 * The stock ledger's rows say why (`cancel`, or `return` for a returned order's restock).
 */
export async function returnStock(tx: Tx, takes: StockTake[], why: StockWhy = { reason: 'cancel' }): Promise<void> {
  const { plain, variants, variantProducts } = lockOrder(takes);
  stockChanged();
  await explainStock(tx, why);
  for (const t of plain) await tx.execute(sql`update products set stock = stock + ${t.quantity} where id = ${t.productId}`);
  for (const t of variants) await tx.execute(sql`update inventories set quantity = quantity + ${t.quantity} where id = ${t.inventoryId}`);
  for (const p of variantProducts) await tx.execute(sql`update products set stock = stock + ${p.quantity} where id = ${p.productId}`);
}
