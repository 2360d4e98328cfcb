import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';

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
 * Takes the stock of every line or none: one conditional `UPDATE … WHERE stock >= n RETURNING` per line
 * (a variant's quantity, else the product's stock), in a fixed order (product, then variant) so two
 * checkouts never wait on each other in a circle. A check-then-write would oversell at READ COMMITTED.
 */
export async function takeStock(tx: Tx, takes: StockTake[]): Promise<void> {
  const sorted = [...takes].sort((a, b) => a.productId - b.productId || (a.inventoryId ?? 0) - (b.inventoryId ?? 0));
  for (const t of sorted) {
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
}
