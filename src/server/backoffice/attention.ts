import { and, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { orderReturns, orders, paymentRefunds, products, sellers } from '@/server/db/schema';
import { storeIdsOf, type Scope } from '@/server/core/policy';

/** A count shown on the home screen stops at this (`1,000+`): the home never counts a whole big table. */
export const COUNT_CAP = 1000;

/** What needs attention today, per kind; `capped` when there are at least COUNT_CAP. */
export interface Attention {
  to_confirm: Count;
  to_ship: Count;
  transfers_to_confirm: Count;
  sellers_waiting: Count;
  out_of_stock: Count;
  /** Money that arrived for orders that could not take it (payments/stray.ts): the shop owes it back. */
  refunds_due: Count;
  /** Returns asked for and not yet settled: waiting for a decision, or approved and waiting for the goods. */
  returns_waiting: Count;
}
export interface Count {
  count: number;
  capped: boolean;
}

/**
 * The back office's home counts, each read through an index that holds only its rows and stopped at
 * COUNT_CAP (so 1,000,000 orders cost what 1,000 do); a seller's scope counts their stores only.
 */
export async function attentionFor(scope: Scope, db: Tx = getDb()): Promise<Attention> {
  const ids = storeIdsOf(scope);
  const inStores = (column: typeof orders.storeId | typeof products.storeId): SQL | undefined =>
    ids === null ? undefined : ids.length ? inArray(column, [...ids]) : sql`false`;
  const capped = async (from: typeof orders | typeof products | typeof sellers, where: SQL | undefined): Promise<Count> => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(from)
        .where(where)
        .limit(COUNT_CAP)
        .as('capped'),
    );
    const n = row?.n ?? 0;
    return { count: n, capped: n >= COUNT_CAP };
  };
  return {
    to_confirm: await capped(orders, and(eq(orders.status, 'pending'), inStores(orders.storeId))),
    to_ship: await capped(orders, and(inArray(orders.status, ['confirmed', 'picked_up']), inStores(orders.storeId))),
    transfers_to_confirm: await capped(
      orders,
      and(
        eq(orders.paymentMethod, 7),
        eq(orders.paymentStatus, 0),
        notInArray(orders.status, ['cancelled', 'refunded']),
        inStores(orders.storeId),
      ),
    ),
    sellers_waiting: ids === null ? await capped(sellers, eq(sellers.status, 'verified')) : { count: 0, capped: false },
    out_of_stock: await capped(products, and(sql`${products.stock} <= 0`, ne(products.status, 0), inStores(products.storeId))),
    refunds_due: ids === null ? await refundsDue(db) : { count: 0, capped: false },
    returns_waiting: await returnsWaiting(db, ids),
  };
}

/** Returns requested or approved (the partial index order_returns_open_idx), in the scope's stores, stopped at COUNT_CAP. */
async function returnsWaiting(db: Tx, ids: readonly number[] | null): Promise<Count> {
  if (ids !== null && !ids.length) return { count: 0, capped: false };
  const open = inArray(orderReturns.status, ['requested', 'approved']);
  const inner =
    ids === null
      ? db
          .select({ one: sql`1` })
          .from(orderReturns)
          .where(open)
          .limit(COUNT_CAP)
      : db
          .select({ one: sql`1` })
          .from(orderReturns)
          .innerJoin(orders, eq(orders.id, orderReturns.orderId))
          .where(and(open, inArray(orders.storeId, [...ids])))
          .limit(COUNT_CAP);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('waiting'));
  const n = row?.n ?? 0;
  return { count: n, capped: n >= COUNT_CAP };
}

/** Purchases with a refund due (the partial index payment_refunds_due_idx), stopped at COUNT_CAP. */
async function refundsDue(db: Tx): Promise<Count> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(
      db
        .selectDistinct({ no: paymentRefunds.orderNo })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.status, 'refund_due'))
        .limit(COUNT_CAP)
        .as('due'),
    );
  const n = row?.n ?? 0;
  return { count: n, capped: n >= COUNT_CAP };
}
