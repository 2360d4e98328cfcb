import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';

/** Why stock changed: the stock ledger's reasons (issue 33). */
export const STOCK_REASONS = ['received', 'counted', 'damaged', 'order', 'cancel', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export interface StockWhy {
  reason: StockReason;
  note?: string;
  actorId?: number | null;
  orderId?: number | null;
}

/**
 * Explains the stock changes this transaction makes next: the ledger's triggers (migration 0025) write one row per
 * changed `products.stock` / `inventories.quantity` with this reason, note, actor and order. The settings are
 * transaction-local (`set_config(…, true)`), so they never leak to another request on a pooled connection.
 */
export async function explainStock(tx: Tx, why: StockWhy): Promise<void> {
  await tx.execute(
    sql`select set_config('voltmart.stock_reason', ${why.reason}, true), set_config('voltmart.stock_note', ${why.note ?? ''}, true),
          set_config('voltmart.stock_actor', ${why.actorId == null ? '' : String(why.actorId)}, true),
          set_config('voltmart.stock_order', ${why.orderId == null ? '' : String(why.orderId)}, true)`,
  );
}
