/**
 * Seller money (issue 35): the commission fixed on each order line when it is placed (the store's rate, or the
 * shop's default), the seller ledger written when the order is paid and when it is refunded, payouts recorded by the
 * operator, the seller's balance, ledger and monthly statements (CSV) — and one store never sees another's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { sellers, stores } from '@/server/db/schema';
import { placeOrder } from '@/server/orders/place';
import { settlePayment } from '@/server/payments/settle';
import { refundOrder } from '@/server/orders/refunds';
import { changeStatus } from '@/server/orders/life';
import { parseWith } from '@/server/core/validation';
import { RefundSchema } from '@/lib/schemas/refunds';
import { commissionOf } from '@/lib/commission';
import { balanceOf } from '@/server/money/manage';
import { makeProduct, shopBasics } from './cart-fixtures';
import { makeVoucher, orderBody, putInCart, shopper } from './checkout-fixtures';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
let sellerA: Account;
let sellerB: Account;
let owner: Account;
/** Seller applications of the two stores (the operator's `/admin/sellers/{id}`). */
let applicationA: number;

beforeAll(async () => {
  basics = await shopBasics();
  // Store A has its own rate (12.5 %); store B keeps the shop's default (10 %).
  await getDb().update(stores).set({ commissionRateBp: 1250 }).where(eq(stores.id, basics.storeA.id));
  await getDb().update(stores).set({ commissionRateBp: null }).where(eq(stores.id, basics.storeB.id));
  sellerA = await account(['seller'], [], [basics.storeA.id]);
  sellerB = await account(['seller'], [], [basics.storeB.id]);
  owner = await account(['owner']);
  const [app] = await getDb()
    .insert(sellers)
    .values({
      name: 'Money seller',
      email: `money-${process.pid}@example.com`,
      shopName: `Money shop ${process.pid}`,
      storeId: basics.storeA.id,
      status: 'approved',
    })
    .returning({ id: sellers.id });
  applicationA = app!.id;
});

const product = (storeId: number, selling: number) => makeProduct({ storeId, categoryId: basics.categoryId, selling, stock: 500 });

interface LineRow {
  id: number;
  order_id: number;
  store_id: number;
  line_total: number;
  discount_share: number;
  commission_rate_bp: number;
  commission_minor: number;
  quantity: number;
}

const linesOf = (orderNo: string) =>
  queryRows<LineRow>(
    getDb(),
    sql`select l.id, l.order_id, o.store_id, l.line_total::int as line_total, l.discount_share::int as discount_share,
          l.commission_rate_bp, l.commission_minor::int as commission_minor, l.quantity
        from order_lines l join orders o on o.id = l.order_id where o.order_no = ${orderNo} order by l.id`,
  );

const ledgerOf = (orderIds: number[]) =>
  queryRows<{ store_id: number; kind: string; amount: number; order_line_id: number | null }>(
    getDb(),
    sql`select store_id, kind, amount_minor::int as amount, order_line_id from seller_ledger
        where order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
  );

/** Cash on delivery, settled as paid (the gateway path every method ends in). */
async function pay(orderNo: string) {
  const [p] = await queryRows<{ amount: number; currency: string }>(
    getDb(),
    sql`select amount::int as amount, currency from payments where order_no = ${orderNo}`,
  );
  return settlePayment({ gateway: 'cod', orderNo, amount: p!.amount, currency: p!.currency, outcome: 'paid' });
}

let keys = 0;
const refund = (orderId: number, body: Record<string, unknown>) =>
  getDb().transaction((tx) =>
    refundOrder(
      tx,
      orderId,
      { ...parseWith(RefundSchema, { id: orderId, reason: 'Broken', ...body }), idempotency_key: `money-refund-${process.pid}-${++keys}` },
      owner.id,
    ),
  );

describe('a shopper buys from two stores in one checkout', () => {
  let placed: Awaited<ReturnType<typeof placeOrder>>;
  let lines: LineRow[];

  beforeAll(async () => {
    const u = await shopper();
    const a1 = await product(basics.storeA.id, 1999);
    const a2 = await product(basics.storeA.id, 333);
    const b1 = await product(basics.storeB.id, 2505);
    await putInCart(u.id, a1.id, 3);
    await putInCart(u.id, a2.id, 1);
    await putInCart(u.id, b1.id, 2);
    const voucher = await makeVoucher({ amount: 700 });
    placed = await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: voucher.code }));
    lines = await linesOf(placed.order_no);
  });

  it('fixes each line’s commission at its store’s rate on the line total less its share of the voucher', async () => {
    expect(lines).toHaveLength(3);
    const discounts = await queryRows<{ store_id: number; discount: number; subtotal: number }>(
      getDb(),
      sql`select store_id, discount::int as discount, subtotal::int as subtotal from orders where order_no = ${placed.order_no}`,
    );
    for (const l of lines) {
      expect(l.commission_rate_bp).toBe(l.store_id === basics.storeA.id ? 1250 : 1000);
      expect(l.commission_minor).toBe(commissionOf(l.line_total - l.discount_share, l.commission_rate_bp));
      expect(l.commission_minor).toBeGreaterThan(0);
    }
    // The voucher's 7.00 is split over the lines exactly: each store's part over its lines.
    for (const d of discounts) {
      const own = lines.filter((l) => l.store_id === d.store_id);
      const bundles = d.subtotal - own.reduce((s, l) => s + l.line_total, 0);
      expect(own.reduce((s, l) => s + l.discount_share, 0)).toBe(d.discount - bundles);
    }
    expect(lines.reduce((s, l) => s + l.discount_share, 0)).toBe(700);
    // Nothing is owed before the money comes.
    expect(await ledgerOf(placed.orders.map((o) => o.id))).toEqual([]);
  });

  it('writes each store’s sales and commissions once when the order is paid; each seller sees exactly their own', async () => {
    const beforeA = await balanceOf(basics.storeA.id);
    const beforeB = await balanceOf(basics.storeB.id);
    await pay(placed.order_no);
    await pay(placed.order_no); // a second notice of the same payment adds nothing
    const rows = await ledgerOf(placed.orders.map((o) => o.id));
    const shipping = await queryRows<{ store_id: number; shipping_total: number }>(
      getDb(),
      sql`select store_id, shipping_total::int as shipping_total from orders where order_no = ${placed.order_no}`,
    );
    for (const storeId of [basics.storeA.id, basics.storeB.id]) {
      const own = lines.filter((l) => l.store_id === storeId);
      const ship = shipping.find((s) => s.store_id === storeId)!.shipping_total;
      const expected = [
        ...own.map((l) => ({ store_id: storeId, kind: 'sale', amount: l.line_total - l.discount_share, order_line_id: l.id })),
        ...own.map((l) => ({ store_id: storeId, kind: 'commission', amount: -l.commission_minor, order_line_id: l.id })),
        ...(ship > 0 ? [{ store_id: storeId, kind: 'sale', amount: ship, order_line_id: null }] : []),
      ];
      expect(rows.filter((r) => r.store_id === storeId)).toEqual(expect.arrayContaining(expected));
      expect(rows.filter((r) => r.store_id === storeId)).toHaveLength(expected.length);
    }
    const owed = (storeId: number) => rows.filter((r) => r.store_id === storeId).reduce((s, r) => s + r.amount, 0);
    expect(await balanceOf(basics.storeA.id)).toBe(beforeA + owed(basics.storeA.id));
    expect(await balanceOf(basics.storeB.id)).toBe(beforeB + owed(basics.storeB.id));

    const mine = (await (await api('/api/v1/seller/ledger?per_page=100', sellerA)).json()) as {
      data: { store_id: number; balance: number; items: { order_id: number | null }[] };
    };
    expect(mine.data.store_id).toBe(basics.storeA.id);
    expect(mine.data.balance).toBe(await balanceOf(basics.storeA.id));
    const orderA = placed.orders.find((o) => o.store_id === basics.storeA.id)!.id;
    const orderB = placed.orders.find((o) => o.store_id === basics.storeB.id)!.id;
    expect(mine.data.items.some((i) => i.order_id === orderA)).toBe(true);
    expect(mine.data.items.some((i) => i.order_id === orderB)).toBe(false);
  });

  it('a partial refund of one piece of a line gives back that piece’s sale and commission; the rest of the line stays owed', async () => {
    const line = lines.find((l) => l.store_id === basics.storeA.id && l.quantity === 3)!;
    const before = await balanceOf(basics.storeA.id);
    const done = await refund(line.order_id, { lines: [{ line_id: line.id, quantity: 1 }] });
    const base = line.line_total - line.discount_share;
    const rows = (await ledgerOf([line.order_id])).filter((r) => r.kind.startsWith('refund'));
    expect(rows).toEqual([
      { store_id: basics.storeA.id, kind: 'refund', amount: -Math.round(base / 3), order_line_id: line.id },
      { store_id: basics.storeA.id, kind: 'refund_commission', amount: Math.round(line.commission_minor / 3), order_line_id: line.id },
    ]);
    expect(await balanceOf(basics.storeA.id)).toBe(before - Math.round(base / 3) + Math.round(line.commission_minor / 3));
    // The two other pieces later: the line's sale and commission are given back exactly, to the cent.
    // (The shop gives back what it chooses; the seller's share follows the lines.)
    await refund(line.order_id, { lines: [{ line_id: line.id, quantity: 2 }], amount: 100 });
    const all = (await ledgerOf([line.order_id])).filter((r) => r.order_line_id === line.id);
    expect(all.filter((r) => r.kind === 'sale' || r.kind === 'refund').reduce((s, r) => s + r.amount, 0)).toBe(0);
    expect(all.filter((r) => r.kind === 'commission' || r.kind === 'refund_commission').reduce((s, r) => s + r.amount, 0)).toBe(0);
    expect(done.refund.amount).toBe(1999);
  });

  it('a refund of an amount gives back the seller’s part of it (the order’s tax was never theirs)', async () => {
    const orderB = placed.orders.find((o) => o.store_id === basics.storeB.id)!;
    const rows = await ledgerOf([orderB.id]);
    const gross = rows.filter((r) => r.kind === 'sale' && r.order_line_id !== null).reduce((s, r) => s + r.amount, 0);
    const commission = -rows.filter((r) => r.kind === 'commission').reduce((s, r) => s + r.amount, 0);
    await refund(orderB.id, { amount: 1000 });
    const back = (await ledgerOf([orderB.id])).filter((r) => r.kind.startsWith('refund'));
    expect(back).toEqual([
      { store_id: basics.storeB.id, kind: 'refund', amount: -Math.round((gross * 1000) / orderB.total), order_line_id: null },
      {
        store_id: basics.storeB.id,
        kind: 'refund_commission',
        amount: Math.round((commission * 1000) / orderB.total),
        order_line_id: null,
      },
    ]);
  });

  it('an order marked refunded without a refund row gives back all that is left of it', async () => {
    const orderB = placed.orders.find((o) => o.store_id === basics.storeB.id)!;
    await getDb().execute(sql`update orders set status = 'delivered' where id = ${orderB.id}`);
    await changeStatus(orderB.id, 'refunded', 'Refunded by bank');
    const rows = await ledgerOf([orderB.id]);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
    expect(rows.filter((r) => r.kind === 'sale' || r.kind === 'refund').reduce((s, r) => s + r.amount, 0)).toBe(0);
  });

  it('the ledger is append-only: a line cannot be changed or deleted', async () => {
    const [row] = await queryRows<{ id: number }>(getDb(), sql`select id from seller_ledger order by id limit 1`);
    await expect(getDb().execute(sql`update seller_ledger set amount_minor = 0 where id = ${row!.id}`)).rejects.toThrow();
    await expect(getDb().execute(sql`delete from seller_ledger where id = ${row!.id}`)).rejects.toThrow();
  });
});

describe('20 orders at once', () => {
  it('the balance equals the sum of each paid order’s sales less commissions, and of its ledger lines', async () => {
    const p = await product(basics.storeB.id, 1234);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const [i, u] of buyers.entries()) await putInCart(u.id, p.id, 1 + (i % 3));
    const before = await balanceOf(basics.storeB.id);
    const placed = await Promise.all(buyers.map((u) => placeOrder(u, orderBody({ address_id: u.addressId }))));
    await Promise.all(placed.map((o) => pay(o.order_no)));
    const ids = placed.flatMap((o) => o.orders.map((x) => x.id));
    const expected = await queryRows<{ owed: number }>(
      getDb(),
      sql`select (coalesce(sum(l.line_total - l.discount_share - l.commission_minor), 0)
                 + (select coalesce(sum(shipping_total), 0) from orders where id in (${sql.join(
                   ids.map((id) => sql`${id}`),
                   sql`, `,
                 )})))::int as owed
          from order_lines l where l.order_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const lines = await ledgerOf(ids);
    expect(lines.filter((l) => l.kind === 'sale' && l.order_line_id !== null)).toHaveLength(20);
    expect(lines.filter((l) => l.kind === 'commission')).toHaveLength(20);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(expected[0]!.owed);
    expect(await balanceOf(basics.storeB.id)).toBe(before + expected[0]!.owed);
    const [sum] = await queryRows<{ sum: number }>(
      getDb(),
      sql`select sum(amount_minor)::int as sum from seller_ledger where store_id = ${basics.storeB.id}`,
    );
    expect(await balanceOf(basics.storeB.id)).toBe(sum!.sum);
  });
});

describe('payouts, statements and isolation', () => {
  const month = () => new Date().toISOString().slice(0, 7);
  const payout = (body: Record<string, unknown>, key: string | null) =>
    api(`/api/v1/admin/sellers/${applicationA}/payouts`, owner, { body, headers: key ? { 'idempotency-key': key } : {} });

  it('the operator records a payout once per Idempotency-Key, audited, never more than is owed', async () => {
    const before = await balanceOf(basics.storeA.id);
    expect(before).toBeGreaterThan(100);
    const audit = await lastAuditId();
    const today = new Date().toISOString().slice(0, 10);
    const body = { amount: 100, date: today, reference: 'BANK-0001', note: 'November' };
    const first = await payout(body, `payout-${process.pid}-1`);
    expect(first.status).toBe(200);
    const again = await payout(body, `payout-${process.pid}-1`);
    const replay = (await again.json()) as { status: number; message: string; data: { replayed: boolean } };
    expect(replay, JSON.stringify(replay)).toMatchObject({ status: 200, data: { replayed: true } });
    expect(await balanceOf(basics.storeA.id)).toBe(before - 100);
    const audited = (await auditSince(audit)).filter((e) => e.entity === 'store' && e.entityId === String(basics.storeA.id));
    expect(audited.map((e) => (e.after as { amount?: number; replayed?: boolean }) ?? {})).toEqual([
      expect.objectContaining({ amount: 100, reference: 'BANK-0001' }),
      expect.objectContaining({ replayed: true }),
    ]);
    expect((await payout(body, null)).status).toBe(400);
    const tooMuch = await payout({ ...body, amount: before }, `payout-${process.pid}-2`);
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as { message: string }).message).toMatch(/more than the balance owed/);
    const future = await payout({ ...body, date: '2999-01-01' }, `payout-${process.pid}-3`);
    expect(future.status).toBe(422);
    expect(await balanceOf(basics.storeA.id)).toBe(before - 100);
    // A seller may not record one.
    expect(
      (await api(`/api/v1/admin/sellers/${applicationA}/payouts`, sellerA, { body, headers: { 'idempotency-key': 'seller-try-1' } }))
        .status,
    ).toBe(403);
  });

  it('the operator sets a store’s rate; blank goes back to the shop’s default', async () => {
    const set = await api(`/api/v1/admin/sellers/${applicationA}/commission`, owner, { body: { rate: '7.5' } });
    expect(set.status).toBe(200);
    const [row] = await getDb().select({ bp: stores.commissionRateBp }).from(stores).where(eq(stores.id, basics.storeA.id));
    expect(row!.bp).toBe(750);
    expect((await api(`/api/v1/admin/sellers/${applicationA}/commission`, owner, { body: { rate: '101' } })).status).toBe(422);
    await api(`/api/v1/admin/sellers/${applicationA}/commission`, owner, { body: { rate: '' } });
    const [after] = await getDb().select({ bp: stores.commissionRateBp }).from(stores).where(eq(stores.id, basics.storeA.id));
    expect(after!.bp).toBeNull();
    await getDb().update(stores).set({ commissionRateBp: 1250 }).where(eq(stores.id, basics.storeA.id));
  });

  it('the month’s statement downloads as CSV with a row per ledger line and the running balance', async () => {
    const id = `${basics.storeA.id}-${month()}`;
    const json = (await (await api(`/api/v1/seller/money/statements/${id}`, sellerA)).json()) as {
      data: { opening: number; closing: number; lines: { id: number; amount: number; kind: string }[] };
    };
    expect(json.data.closing).toBe(await balanceOf(basics.storeA.id));
    const res = await api(`/api/v1/seller/money/statements/${id}?format=csv`, sellerA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(`statement-${id}.csv`);
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(json.data.lines.length + 2);
    expect(rows[0]!.kind).toBe('opening');
    expect(rows.at(-1)!.kind).toBe('closing');
    const body = rows.slice(1, -1);
    expect(body.map((r) => Number(r.id))).toEqual(json.data.lines.map((l) => l.id));
    expect(body.map((r) => r.kind)).toEqual(json.data.lines.map((l) => l.kind));
    expect(body.map((r) => Math.round(Number(r.amount_USD) * 100))).toEqual(json.data.lines.map((l) => l.amount));
    expect(Math.round(Number(rows.at(-1)!.balance_USD) * 100)).toBe(json.data.closing);
    const payoutRow = body.find((r) => r.kind === 'payout')!;
    expect(payoutRow).toMatchObject({ reference: 'BANK-0001', note: 'November', amount_USD: '-1.00' });
  });

  it('seller A gets 404 on seller B’s ledger, ledger lines and statements; their own open', async () => {
    const [lineB] = await queryRows<{ id: number }>(
      getDb(),
      sql`select id from seller_ledger where store_id = ${basics.storeB.id} limit 1`,
    );
    const [lineA] = await queryRows<{ id: number }>(
      getDb(),
      sql`select id from seller_ledger where store_id = ${basics.storeA.id} limit 1`,
    );
    expect((await api(`/api/v1/seller/money?store_id=${basics.storeB.id}`, sellerA)).status).toBe(404);
    expect((await api(`/api/v1/seller/ledger?store_id=${basics.storeB.id}`, sellerA)).status).toBe(404);
    expect((await api(`/api/v1/seller/ledger/${lineB!.id}`, sellerA)).status).toBe(404);
    expect((await api(`/api/v1/seller/money/statements/${basics.storeB.id}-${month()}`, sellerA)).status).toBe(404);
    expect((await api(`/api/v1/seller/money/statements/${basics.storeB.id}-${month()}?format=csv`, sellerA)).status).toBe(404);
    expect((await api(`/api/v1/seller/ledger/${lineA!.id}`, sellerA)).status).toBe(200);
    expect((await api(`/api/v1/seller/ledger/${lineB!.id}`, sellerB)).status).toBe(200);
    expect((await api(`/api/v1/seller/money`, sellerB)).status).toBe(200);
    const home = (await (await api('/api/v1/seller', sellerB)).json()) as { data: { stores: { id: number; balance: number }[] } };
    expect(home.data.stores).toEqual([expect.objectContaining({ id: basics.storeB.id, balance: await balanceOf(basics.storeB.id) })]);
  });
});
