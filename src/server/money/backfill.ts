/**
 * Orders paid before the seller ledger existed (migration 0020) have no sale in it: their lines carry no voucher
 * share and no commission (the columns' defaults), so the seller's balance leaves them out. `backfillLedger` writes
 * them once: per line the voucher share (split as at placing), the commission at the store's rate now (or the shop's
 * default), the sale and commission rows and the shipping sale, dated when the order was paid; then replays the
 * order's refunds, each dated when it was made, so what was given back leaves the balance too and each month's
 * statement shows what happened in it (docs/decisions/0031-seller-commission.md).
 * Idempotent: an order that already has a sale is never touched again (and the ledger's unique index holds
 * sales and commissions to once per line).
 */
import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Db, type Tx } from '@/server/db/client';
import { commissionLines } from '@/lib/commission';
import { commissionRates } from '@/server/money/rates';
import { recordSales, reverseRefund, reverseRest, type RefundForLedger } from '@/server/money/ledger';

export interface BackfillResult {
  /** Orders given their sales now. */
  orders: number;
  /** Ledger rows written (sales, commissions, refunds). */
  rows: number;
}

interface OrderFacts {
  id: number;
  store_id: number;
  status: string;
  subtotal: number;
  discount: number;
  /** When the shop held the money (see `pending`). */
  paid_at: string;
  /** When a status move alone marked it refunded, if it did. */
  refunded_at: string | null;
}

/**
 * Paid store orders without a sale in the ledger, oldest first, `limit` at a time. The paid time is the history's
 * first payment note (the gateway's, the bank transfer's, cash handed over on delivery), else a cash-on-delivery
 * order's delivery, else its placing (a card paid at checkout).
 */
const pending = (tx: Tx, afterId: number, limit: number) =>
  queryRows<OrderFacts>(
    tx,
    sql`select o.id, o.store_id, o.status, o.subtotal::bigint as subtotal, o.discount::bigint as discount,
          coalesce(
            (select min(h.created_at) from order_status_history h where h.order_id = o.id
              and h.note in ('Payment received', 'Bank transfer received', 'Paid on delivery')),
            (select min(h.created_at) from order_status_history h where h.order_id = o.id and h.status = 'delivered' and o.payment_method = 2),
            o.created_at) as paid_at,
          (select min(h.created_at) from order_status_history h where h.order_id = o.id and h.status = 'refunded') as refunded_at
        from orders o
        where o.payment_status = 1 and o.store_id is not null and o.id > ${afterId}
          and exists (select 1 from order_lines l where l.order_id = o.id)
          and not exists (select 1 from seller_ledger s where s.order_id = o.id and s.kind = 'sale')
        order by o.id limit ${limit}`,
  );

async function backfillOrder(tx: Tx, o: OrderFacts, rateBp: number): Promise<void> {
  const lines = (
    await queryRows<{ id: number; line_total: number; commission_rate_bp: number }>(
      tx,
      sql`select id, line_total::bigint as line_total, commission_rate_bp from order_lines where order_id = ${o.id} order by id for update`,
    )
  ).map((l) => ({ ...l, line_total: Number(l.line_total) }));
  // Lines placed after 0020 already carry their commission; only the unfixed ones (rate 0) are fixed now.
  if (lines.every((l) => l.commission_rate_bp === 0)) {
    // orders.discount = bundle deals (subtotal − Σ line_total) + the store's part of the voucher.
    const goods = lines.reduce((s, l) => s + l.line_total, 0);
    const voucher = Math.max(0, Number(o.discount) - (Number(o.subtotal) - goods));
    const fixed = commissionLines(lines, voucher, rateBp);
    for (const [i, l] of lines.entries()) {
      const c = fixed[i]!;
      await tx.execute(sql`update order_lines set discount_share = ${c.discount_share}, commission_rate_bp = ${c.commission_rate_bp},
          commission_minor = ${c.commission_minor} where id = ${l.id}`);
    }
  }
  await recordSales(tx, [o.id], new Date(o.paid_at));
  // What was refunded before leaves the balance again, refund by refund, as if each had happened after the sale.
  const refunds = await queryRows<{
    id: number;
    amount: number;
    lines: { line_id: number; quantity: number }[] | null;
    shipping: number;
    created_at: string;
  }>(
    tx,
    sql`select id, amount::bigint as amount, lines, shipping::bigint as shipping, created_at from payment_refunds
        where kind = 'order' and order_id = ${o.id} order by id`,
  );
  const given: RefundForLedger[] = [];
  for (const r of refunds) {
    const refund = { id: r.id, amount: Number(r.amount), lines: r.lines ?? [], shipping: Number(r.shipping) };
    await reverseRefund(tx, o.id, refund, given, null, new Date(r.created_at));
    given.push(refund);
  }
  // Refunded by a status move alone (no refund row): nothing of it is owed.
  if (o.status === 'refunded' && !refunds.length) await reverseRest(tx, o.id, null, o.refunded_at ? new Date(o.refunded_at) : null);
}

/**
 * Writes the missing sales of every paid order, `batch` orders per transaction (a crash keeps what was written;
 * running it again continues). `defaultBp` is the shop's rate for stores without their own.
 */
export async function backfillLedger(defaultBp: number, { db = getDb(), batch = 200 }: { db?: Db; batch?: number } = {}): Promise<BackfillResult> {
  const result: BackfillResult = { orders: 0, rows: 0 };
  let afterId = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const orders = await pending(tx, afterId, batch);
      if (!orders.length) return null;
      const [before] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from seller_ledger`);
      const rates = await commissionRates(tx, [...new Set(orders.map((o) => o.store_id))], defaultBp);
      for (const o of orders) {
        // Locks the order; another process that just wrote its sales is seen here and skipped.
        const [still] = await queryRows<{ id: number }>(
          tx,
          sql`select o.id from orders o where o.id = ${o.id}
              and not exists (select 1 from seller_ledger s where s.order_id = o.id and s.kind = 'sale') for update`,
        );
        if (!still) continue;
        await backfillOrder(tx, o, rates.get(o.store_id) ?? defaultBp);
        result.orders++;
      }
      const [after] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from seller_ledger`);
      result.rows += Number(after!.n) - Number(before!.n);
      return orders.at(-1)!.id;
    });
    if (done === null) break;
    afterId = done;
  }
  return result;
}
