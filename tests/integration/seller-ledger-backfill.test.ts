/**
 * Orders paid before the seller ledger existed (migration 0020): `npm run shop -- ledger:backfill` writes their sales
 * and commissions at the store's rate once, gives back what was refunded before, and never writes an order twice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { stores } from '@/server/db/schema';
import { placeOrder } from '@/server/orders/place';
import { refundOrder } from '@/server/orders/refunds';
import { parseWith } from '@/server/core/validation';
import { RefundSchema } from '@/lib/schemas/refunds';
import { commissionOf } from '@/lib/commission';
import { balanceOf } from '@/server/money/manage';
import { backfillLedger } from '@/server/money/backfill';
import { makeProduct, shopBasics } from './cart-fixtures';
import { makeVoucher, orderBody, putInCart, shopper } from './checkout-fixtures';
import { account } from './backoffice-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
let placed: Awaited<ReturnType<typeof placeOrder>>;
let ownerId: number;

const ledgerOf = (orderIds: number[]) =>
  queryRows<{ store_id: number; kind: string; amount: number; order_line_id: number | null }>(
    getDb(),
    sql`select store_id, kind, amount_minor::int as amount, order_line_id from seller_ledger
        where order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
  );

beforeAll(async () => {
  basics = await shopBasics();
  await getDb().update(stores).set({ commissionRateBp: 1250 }).where(eq(stores.id, basics.storeA.id));
  await getDb().update(stores).set({ commissionRateBp: null }).where(eq(stores.id, basics.storeB.id));
  ownerId = (await account(['owner'])).id;
  const u = await shopper();
  const a1 = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1999, stock: 50 });
  const a2 = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 333, stock: 50 });
  const b1 = await makeProduct({ storeId: basics.storeB.id, categoryId: basics.categoryId, selling: 2505, stock: 50 });
  await putInCart(u.id, a1.id, 3);
  await putInCart(u.id, a2.id, 1);
  await putInCart(u.id, b1.id, 2);
  placed = await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: (await makeVoucher({ amount: 700 })).code }));
  const ids = placed.orders.map((o) => o.id);
  // As an order of before 0020: paid, its lines without voucher share or commission, nothing in the ledger.
  await getDb().execute(sql`update orders set payment_status = 1, status = 'delivered' where id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`);
  await getDb().execute(sql`update order_lines set discount_share = 0, commission_rate_bp = 0, commission_minor = 0 where order_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`);
});

describe('ledger backfill of orders paid before the ledger', () => {
  it('writes each order’s sales and commissions at its store’s rate once, and gives back its earlier refund', async () => {
    const orderA = placed.orders.find((o) => o.store_id === basics.storeA.id)!.id;
    const orderB = placed.orders.find((o) => o.store_id === basics.storeB.id)!.id;
    const [big] = await queryRows<{ id: number }>(getDb(), sql`select id from order_lines where order_id = ${orderA} and quantity = 3`);
    // A refund of one piece made before the ledger existed: it wrote nothing then.
    await getDb().transaction((tx) =>
      refundOrder(
        tx,
        orderA,
        { ...parseWith(RefundSchema, { id: orderA, reason: 'Broken', lines: [{ line_id: big!.id, quantity: 1 }] }), idempotency_key: `bf-${process.pid}` },
        ownerId,
      ),
    );
    expect(await ledgerOf([orderA, orderB])).toEqual([]);
    // Placed in March; A's payment came two days later, B (cash, no payment note) counts from its placing; the refund in April.
    await getDb().execute(sql`update orders set created_at = '2026-03-10T10:00:00Z' where id in (${orderA}, ${orderB})`);
    await getDb().execute(sql`insert into order_status_history (order_id, status, note, created_at)
      values (${orderA}, 'confirmed', 'Payment received', '2026-03-12T09:00:00Z'), (${orderA}, 'confirmed', 'Payment received', '2026-03-20T09:00:00Z')`);
    await getDb().execute(sql`update payment_refunds set created_at = '2026-04-02T15:30:00Z' where kind = 'order' and order_id = ${orderA}`);
    const beforeA = await balanceOf(basics.storeA.id);
    const beforeB = await balanceOf(basics.storeB.id);

    const first = await backfillLedger(1000);
    expect(first.orders).toBeGreaterThanOrEqual(2);

    const lines = await queryRows<{
      id: number;
      store_id: number;
      line_total: number;
      discount_share: number;
      commission_rate_bp: number;
      commission_minor: number;
      quantity: number;
    }>(
      getDb(),
      sql`select l.id, o.store_id, l.line_total::int as line_total, l.discount_share::int as discount_share, l.commission_rate_bp,
            l.commission_minor::int as commission_minor, l.quantity
          from order_lines l join orders o on o.id = l.order_id where o.order_no = ${placed.order_no} order by l.id`,
    );
    // The voucher's 7.00 lands on the lines exactly; each line's commission is at its store's rate.
    expect(lines.reduce((s, l) => s + l.discount_share, 0)).toBe(700);
    for (const l of lines) {
      expect(l.commission_rate_bp).toBe(l.store_id === basics.storeA.id ? 1250 : 1000);
      expect(l.commission_minor).toBe(commissionOf(l.line_total - l.discount_share, l.commission_rate_bp));
    }
    const rows = await ledgerOf([orderA, orderB]);
    const shipping = await queryRows<{ id: number; shipping_total: number }>(
      getDb(),
      sql`select id, shipping_total::int as shipping_total from orders where order_no = ${placed.order_no}`,
    );
    for (const l of lines) {
      expect(rows.filter((r) => r.order_line_id === l.id && r.kind === 'sale').map((r) => r.amount)).toEqual([l.line_total - l.discount_share]);
      expect(rows.filter((r) => r.order_line_id === l.id && r.kind === 'commission').map((r) => r.amount)).toEqual([-l.commission_minor]);
    }
    for (const o of shipping.filter((s) => s.shipping_total > 0))
      expect(rows.filter((r) => r.order_line_id === null && r.kind === 'sale' && r.store_id === (o.id === orderA ? basics.storeA.id : basics.storeB.id)).map((r) => r.amount)).toEqual([o.shipping_total]);
    // The earlier refund of one piece of three: that piece's sale and commission are given back.
    const line = lines.find((l) => l.id === big!.id)!;
    expect(rows.filter((r) => r.kind.startsWith('refund'))).toEqual([
      { store_id: basics.storeA.id, kind: 'refund', amount: -Math.round((line.line_total - line.discount_share) / 3), order_line_id: line.id },
      { store_id: basics.storeA.id, kind: 'refund_commission', amount: Math.round(line.commission_minor / 3), order_line_id: line.id },
    ]);
    // Each row is dated when its event happened, not the day of the command.
    const dates = await queryRows<{ order_id: number; kind: string; at: string }>(
      getDb(),
      sql`select order_id, kind, created_at as at from seller_ledger where order_id in (${orderA}, ${orderB}) order by id`,
    );
    const iso = (v: unknown) => new Date(v as string).toISOString();
    for (const d of dates) {
      const want = d.kind.startsWith('refund') ? '2026-04-02T15:30:00.000Z' : d.order_id === orderA ? '2026-03-12T09:00:00.000Z' : '2026-03-10T10:00:00.000Z';
      expect(`${d.order_id} ${d.kind} ${iso(d.at)}`).toBe(`${d.order_id} ${d.kind} ${want}`);
    }
    const owed = (storeId: number) => rows.filter((r) => r.store_id === storeId).reduce((s, r) => s + r.amount, 0);
    expect(await balanceOf(basics.storeA.id)).toBe(beforeA + owed(basics.storeA.id));
    expect(await balanceOf(basics.storeB.id)).toBe(beforeB + owed(basics.storeB.id));
    expect(owed(basics.storeA.id)).toBeGreaterThan(0);

    // Again: nothing more.
    const second = await backfillLedger(1000);
    expect(second).toEqual({ orders: 0, rows: 0 });
    expect(await ledgerOf([orderA, orderB])).toEqual(rows);
  });
});
