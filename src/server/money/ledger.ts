/**
 * Writes of the seller ledger (docs/decisions/0031-seller-commission.md), each inside the transaction of its event:
 * an order paid → a sale per line and for its shipping, and the commission per line; a refund → the reversal of
 * the seller's share; a payout the operator records. Rows are never changed afterwards (a trigger refuses it).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { shareBetween } from '@/lib/commission';
import type { LedgerKind } from '@/server/db/schema/ledger';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The seller is owed an order once the shop holds its money: its sales (line total − the line's voucher share; the
 * shipping) and the commission fixed on each line when it was placed. Written once per order, whichever path marks
 * it paid (a gateway, cash on delivery, a bank transfer); tax stays with the shop. `at` dates the rows (the
 * backfill's orders paid long ago); by default they are dated now.
 */
export async function recordSales(tx: Tx, orderIds: readonly number[], at: Date | null = null): Promise<void> {
  if (!orderIds.length) return;
  const when = atOrNow(at);
  await tx.execute(sql`insert into seller_ledger (store_id, kind, amount_minor, order_id, order_line_id, reference, note, created_at)
    select o.store_id, 'sale', l.line_total - l.discount_share, o.id, l.id, o.order_no, l.title, ${when}
      from order_lines l join orders o on o.id = l.order_id where o.id in (${idList(orderIds)}) and o.store_id is not null
    union all
    select o.store_id, 'commission', -l.commission_minor, o.id, l.id, o.order_no, l.title, ${when}
      from order_lines l join orders o on o.id = l.order_id
      where o.id in (${idList(orderIds)}) and o.store_id is not null and l.commission_minor > 0
    union all
    select o.store_id, 'sale', o.shipping_total, o.id, null, o.order_no, '', ${when}
      from orders o where o.id in (${idList(orderIds)}) and o.store_id is not null and o.shipping_total > 0
    on conflict do nothing`);
}

/** The rows' date: the event's when given (an ISO string, read the same by PGlite and PostgreSQL), else now. */
const atOrNow = (at: Date | null) => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

export interface RefundForLedger {
  id: number;
  amount: number;
  lines: { line_id: number; quantity: number }[];
  shipping: number;
}

interface LineFacts {
  id: number;
  title: string;
  quantity: number;
  base: number;
  commission: number;
}

/**
 * A refund gives back the seller's share of what it refunds. Refunded lines: their sale and commission in
 * proportion to the quantity (counted cumulatively, so a line refunded piece by piece ends exactly at zero);
 * refunded shipping: the shipping sale. An amount without lines: the order's sales and commissions in proportion to
 * the amount over the order's total (tax included, which was never the seller's). Orders paid before the ledger
 * existed have no sales in it and write nothing.
 */
export async function reverseRefund(
  tx: Tx,
  orderId: number,
  refund: RefundForLedger,
  before: readonly RefundForLedger[],
  actorId: number | null,
  at: Date | null = null,
): Promise<void> {
  const [order] = await queryRows<{ store_id: number | null; total: number; shipping_total: number; sold: boolean }>(
    tx,
    sql`select o.store_id, o.total, o.shipping_total,
          exists (select 1 from seller_ledger s where s.order_id = o.id and s.kind = 'sale') as sold
        from orders o where o.id = ${orderId}`,
  );
  if (!order?.store_id || !order.sold) return;
  const lines = (
    await queryRows<{ id: number; title: string; quantity: number; base: number; commission: number }>(
      tx,
      sql`select id, title, quantity, line_total - discount_share as base, commission_minor as commission from order_lines where order_id = ${orderId}`,
    )
  ).map((l): LineFacts => ({ ...l, base: Number(l.base), commission: Number(l.commission) }));
  const rows: { kind: LedgerKind; amount: number; lineId: number | null; note: string }[] = [];
  if (refund.lines.length) {
    for (const r of refund.lines) {
      const line = lines.find((l) => l.id === r.line_id);
      if (!line) continue;
      const earlier = before
        .flatMap((b) => b.lines)
        .filter((l) => l.line_id === r.line_id)
        .reduce((s, l) => s + l.quantity, 0);
      const to = earlier + r.quantity;
      rows.push({ kind: 'refund', amount: -shareBetween(line.base, line.quantity, earlier, to), lineId: line.id, note: line.title });
      rows.push({
        kind: 'refund_commission',
        amount: shareBetween(line.commission, line.quantity, earlier, to),
        lineId: line.id,
        note: line.title,
      });
    }
  } else {
    const total = Number(order.total);
    const gross = lines.reduce((s, l) => s + l.base, 0);
    const commission = lines.reduce((s, l) => s + l.commission, 0);
    const amountOnly = (r: RefundForLedger) => (r.lines.length ? 0 : r.amount - r.shipping);
    const earlier = before.reduce((s, r) => s + amountOnly(r), 0);
    const to = earlier + amountOnly(refund);
    rows.push({ kind: 'refund', amount: -shareBetween(gross, total, earlier, to), lineId: null, note: '' });
    rows.push({ kind: 'refund_commission', amount: shareBetween(commission, total, earlier, to), lineId: null, note: '' });
  }
  if (refund.shipping > 0) rows.push({ kind: 'refund', amount: -refund.shipping, lineId: null, note: '' });
  const written = rows.filter((r) => r.amount !== 0);
  if (!written.length) return;
  const when = atOrNow(at);
  await tx.execute(sql`insert into seller_ledger (store_id, kind, amount_minor, order_id, order_line_id, reference, note, created_by, created_at)
    values ${sql.join(
      written.map(
        (r) =>
          sql`(${order.store_id}, ${r.kind}, ${r.amount}, ${orderId}, ${r.lineId}, ${`refund:${refund.id}`}, ${r.note}, ${actorId}, ${when})`,
      ),
      sql`, `,
    )}`);
}

/**
 * An order marked refunded without a refund of its own (`npm run shop -- order:refund`, the status move): whatever
 * of its sales and commissions is not given back yet is, so the order leaves nothing owed.
 */
export async function reverseRest(tx: Tx, orderId: number, actorId: number | null, at: Date | null = null): Promise<void> {
  await tx.execute(sql`insert into seller_ledger (store_id, kind, amount_minor, order_id, reference, note, created_by, created_at)
    select store_id, kind, amount, ${orderId}, 'refunded', '', ${actorId}, ${atOrNow(at)} from (
      select store_id, 'refund' as kind, -sum(amount_minor) filter (where kind in ('sale', 'refund')) as amount
        from seller_ledger where order_id = ${orderId} group by store_id
      union all
      select store_id, 'refund_commission', -sum(amount_minor) filter (where kind in ('commission', 'refund_commission'))
        from seller_ledger where order_id = ${orderId} group by store_id
    ) rest where amount is not null and amount <> 0`);
}
