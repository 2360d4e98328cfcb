/**
 * Reports (issue 36): a fixed set of orders (placed, cancelled, partly refunded, over two stores and around
 * midnight in two time zones) gives the figures computed by hand below; the seller's report equals the
 * operator's for that store; the roll-ups equal a full recount after 200 random order events, some at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { account, api, twoStores } from './backoffice-fixtures';
import { requestModule } from './http';
import * as adminCsv from '@/pages/admin/reports/export.csv';
import { getDb, queryRows } from '@/server/db/client';
import { products, sellerLedger } from '@/server/db/schema';
import { getSettings, putSetting, clearSettingsCache } from '@/server/settings';
import { changeStatus } from '@/server/orders/life';
import { buildReport } from '@/server/reports/report';
import { foldReports, rebuildReports } from '@/server/reports/fold';
import { ReportQuerySchema } from '@/lib/schemas/reports';
import type { Scope } from '@/server/core/policy';
import { listOrders } from '@/server/orders/manage';
import { OrdersQuerySchema } from '@/lib/schemas/backoffice';

useTestDatabase({ demo: true });

const ANY: Scope = { kind: 'any' };
let stores: [number, number];
/** Two products of the first store (p1, p2), two of the second (p3, p4). */
let p: { p1: number; p2: number; p3: number; p4: number };
let seq = 0;
const tag = `r${process.pid}${Math.random().toString(36).slice(2, 6)}`;

async function setTimeZone(zone: string) {
  clearSettingsCache();
  await putSetting('setting', { ...(await getSettings()).setting, time_zone: zone });
  clearSettingsCache();
}

interface Place {
  store: number;
  at: string;
  method: number;
  country: string;
  email: string;
  lines: { product: number; qty: number; unit: number }[];
  discount?: number;
  tax?: number;
  shipping?: number;
}

/** An order as checkout writes it (order row, then its lines in one statement), placed at `at`. */
async function place(o: Place): Promise<{ id: number; lines: number[] }> {
  const n = `${tag}-${++seq}`;
  const subtotal = o.lines.reduce((s, l) => s + l.qty * l.unit, 0);
  const { discount = 0, tax = 0, shipping = 0 } = o;
  return getDb().transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into orders (order_no, store_id, status, payment_status, payment_method, email, tracking_code, subtotal, discount, tax,
            shipping_total, total, shipping_address, created_at)
          values (${`RP${n}`}, ${o.store}, 'pending', 0, ${o.method}, ${o.email}, ${`RT${n}`}, ${subtotal}, ${discount}, ${tax}, ${shipping},
            ${subtotal - discount + tax + shipping}, ${JSON.stringify({ country: o.country })}::jsonb, ${o.at}::timestamptz)
          returning id`,
    );
    const lines = await queryRows<{ id: number }>(
      tx,
      sql`insert into order_lines (order_id, product_id, title, unit_price, quantity, line_total) values ${sql.join(
        o.lines.map((l) => sql`(${row!.id}, ${l.product}, 'Report test line', ${l.unit}, ${l.qty}, ${l.qty * l.unit})`),
        sql`, `,
      )} returning id`,
    );
    return { id: row!.id, lines: lines.map((l) => l.id) };
  });
}

/** An operator's refund of an order (as orders/refunds.ts writes it) made at `at`. */
async function refund(orderId: number, at: string, lines: { line_id: number; quantity: number; amount: number }[], shipping = 0) {
  const amount = lines.reduce((s, l) => s + l.amount, 0) + shipping;
  // As the shop's refund does (orders/refunds.ts): the order's row is locked first, so a refund and a change of the
  // order (its payment method) never interleave — without it, four workers at once met a race the shop cannot have.
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    await tx.execute(sql`insert into payment_refunds (kind, order_no, order_id, gateway, charge_ref, amount, currency, reason, status,
      idempotency_key, lines, shipping, created_at)
    values ('order', (select order_no from orders where id = ${orderId}), ${orderId}, 'manual', ${`order-${orderId}`}, ${amount}, 'USD',
      'operator', 'refunded', ${`${tag}-${++seq}`}, ${JSON.stringify(lines)}::jsonb, ${shipping}, ${at}::timestamptz)`);
  });
}

const custom = (from: string, to: string) => ReportQuerySchema.parse({ period: 'custom', from, to });
const email = (name: string) => `${name}-${tag}@example.com`;

beforeAll(async () => {
  stores = await twoStores();
  const of = async (store: number) =>
    (await getDb().select({ id: products.id }).from(products).where(eq(products.storeId, store)).orderBy(products.id).limit(2)).map(
      (r) => r.id,
    );
  const [p1, p2] = await of(stores[0]);
  const [p3, p4] = await of(stores[1]);
  p = { p1: p1!, p2: p2!, p3: p3!, p4: p4! };
  // The demo's orders (if any) stay out of February 2026's figures: every figure below is of these orders only.
  const [{ count }] = (await queryRows<{ count: number }>(
    getDb(),
    sql`select count(*)::int as count from orders where created_at between '2026-02-01' and '2026-02-28'`,
  )) as [{ count: number }];
  expect(count).toBe(0);
});

describe('a fixed set of orders', () => {
  beforeAll(async () => {
    await setTimeZone('America/New_York');
    const [A, B] = stores;
    // New York is UTC−5 in February, Tokyo UTC+9.
    await place({
      store: A,
      at: '2026-02-09T15:30:00Z',
      method: 2,
      country: 'US',
      email: email('c1'),
      lines: [{ product: p.p1, qty: 2, unit: 5000 }],
      discount: 1000,
      tax: 900,
      shipping: 500,
    }); // NY 9th 10:30, Tokyo 10th 00:30
    const o2 = await place({
      store: A,
      at: '2026-02-10T04:30:00Z',
      method: 7,
      country: 'US',
      email: email('c2'),
      lines: [{ product: p.p2, qty: 3, unit: 2000 }],
    }); // NY 9th 23:30
    await place({
      store: B,
      at: '2026-02-10T05:30:00Z',
      method: 2,
      country: 'FR',
      email: email('c1'),
      lines: [{ product: p.p3, qty: 1, unit: 4000 }],
      tax: 400,
      shipping: 300,
    }); // NY 10th 00:30
    const o4 = await place({
      store: B,
      at: '2026-02-10T06:00:00Z',
      method: 2,
      country: 'FR',
      email: email('c3'),
      lines: [{ product: p.p3, qty: 2, unit: 4000 }],
    });
    const o5 = await place({
      store: A,
      at: '2026-02-10T14:59:00Z',
      method: 2,
      country: 'US',
      email: email('c2'),
      lines: [{ product: p.p1, qty: 1, unit: 5000 }],
      shipping: 500,
    }); // Tokyo 10th 23:59
    await place({
      store: B,
      at: '2026-02-10T15:00:00Z',
      method: 7,
      country: 'FR',
      email: email('c4'),
      lines: [{ product: p.p4, qty: 1, unit: 2000 }],
    }); // Tokyo 11th 00:00
    await refund(o4.id, '2026-02-10T07:00:00Z', [{ line_id: o4.lines[0]!, quantity: 1, amount: 1000 }]); // then the order is cancelled: neither counts
    await changeStatus(o4.id, 'cancelled', 'Report test');
    await refund(o2.id, '2026-02-11T04:59:00Z', [{ line_id: o2.lines[0]!, quantity: 1, amount: 2000 }]); // NY 10th 23:59, Tokyo 11th
    await refund(o5.id, '2026-02-12T01:00:00Z', [{ line_id: o5.lines[0]!, quantity: 1, amount: 2000 }], 500); // NY 11th 20:00, Tokyo 12th
  });

  it("lists behind a day's figure the orders of that day in the shop's time zone", async () => {
    const listed = async (day: string) =>
      (await listOrders(OrdersQuerySchema.parse({ from: day, to: day, q: tag }), ANY)).items.map((o) => o.email.split('-')[0]).sort();
    // New York: the 9th holds c1's order of 15:30 UTC and c2's of 04:30 UTC on the 10th; the 10th the next four.
    expect(await listed('2026-02-09')).toEqual(['c1', 'c2']);
    expect(await listed('2026-02-10')).toEqual(['c1', 'c2', 'c3', 'c4']);
    const day9 = await buildReport(custom('2026-02-09', '2026-02-09'), ANY);
    expect(day9.totals.orders).toBe(2);
  });

  it('counts days in the shop time zone: sales when placed, refunds when made, cancelled orders not at all', async () => {
    const day9 = await buildReport(custom('2026-02-09', '2026-02-09'), ANY);
    expect(day9.totals).toMatchObject({
      orders: 2,
      gross: 16000,
      discount: 1000,
      refunds: 0,
      net: 15000,
      tax: 900,
      shipping: 500,
      units: 5,
    });
    const day10 = await buildReport(custom('2026-02-10', '2026-02-10'), ANY);
    expect(day10.totals).toMatchObject({
      orders: 3,
      gross: 11000,
      discount: 0,
      refunds: 2000,
      net: 9000,
      tax: 400,
      shipping: 800,
      units: 3,
    });
    const day11 = await buildReport(custom('2026-02-11', '2026-02-11'), ANY);
    expect(day11.totals).toMatchObject({ orders: 0, gross: 0, refunds: 2500, net: -2500, refund_count: 1 });
    const all = await buildReport(custom('2026-02-09', '2026-02-11'), ANY);
    expect(all.totals).toMatchObject({
      orders: 5,
      gross: 27000,
      discount: 1000,
      refunds: 4500,
      net: 21500,
      tax: 1300,
      shipping: 1300,
      units: 8,
      refund_count: 2,
      aov: 5200,
      // c1, c2, c3 (whose first order was cancelled) and c4; c1's and c2's second purchases are returning.
      new_customers: 4,
      returning_orders: 2,
    });
    expect(all.series.map((s) => [s.start, s.orders, s.gross, s.refunds])).toEqual([
      ['2026-02-09', 2, 16000, 0],
      ['2026-02-10', 3, 11000, 2000],
      ['2026-02-11', 0, 0, 2500],
    ]);
    expect(all.by_product.filter((r) => Object.values(p).includes(r.id!)).map((r) => [r.id, r.units, r.gross, r.refunds])).toEqual([
      [p.p1, 3, 15000, 2000],
      [p.p2, 3, 6000, 2000],
      [p.p3, 1, 4000, 0],
      [p.p4, 1, 2000, 0],
    ]);
    expect(all.by_method.map((r) => [r.key, r.orders, r.gross, r.refunds])).toEqual([
      ['2', 3, 19000, 2500],
      ['7', 2, 8000, 2000],
    ]);
    expect(all.by_country.map((r) => [r.key, r.orders, r.net])).toEqual([
      ['US', 3, 21000 - 1000 - 4500],
      ['FR', 2, 6000],
    ]);
    const byStore = Object.fromEntries(all.by_store.map((r) => [r.id, [r.orders, r.gross, r.refunds, r.units]]));
    expect(byStore).toEqual({ [stores[0]]: [3, 21000, 4500, 6], [stores[1]]: [2, 6000, 0, 2] });
    // The period before (Feb 6–8) had nothing; products of the period that sold are not "unsold".
    expect(all.previous).toMatchObject({ from: '2026-02-06', to: '2026-02-08' });
    expect(all.previous_totals.orders).toBe(0);
    expect(all.unsold.map((r) => r.id)).not.toContain(p.p1);
  });

  it("counts the seller ledger's lines by the shop's days: sales, the commission kept, refunds and payouts", async () => {
    const [A, B] = stores;
    const line = (storeId: number, kind: (typeof sellerLedger.$inferInsert)['kind'], amountMinor: number, at: string) => ({
      storeId,
      kind,
      amountMinor,
      reference: `${tag}-ledger`,
      createdAt: new Date(at),
    });
    await getDb()
      .insert(sellerLedger)
      .values([
        line(A, 'sale', 10000, '2026-02-09T15:00:00Z'), // New York's 9th
        line(A, 'commission', -1000, '2026-02-09T15:00:00Z'),
        line(A, 'refund', -2000, '2026-02-10T04:59:00Z'), // still the 9th in New York
        line(A, 'refund_commission', 200, '2026-02-10T04:59:00Z'),
        line(A, 'payout', -5000, '2026-02-10T05:01:00Z'), // the 10th
        line(B, 'sale', 7000, '2026-02-09T16:00:00Z'),
        line(B, 'commission', -700, '2026-02-09T16:00:00Z'),
      ]);
    const day9 = custom('2026-02-09', '2026-02-09');
    expect((await buildReport(day9, ANY)).ledger).toEqual({ sales: 17000, commission: 1500, refunds: 2000, payouts: 0 });
    expect((await buildReport(custom('2026-02-10', '2026-02-10'), ANY)).ledger).toEqual({
      sales: 0,
      commission: 0,
      refunds: 0,
      payouts: 5000,
    });
    expect((await buildReport(day9, { kind: 'own', storeIds: [A] })).ledger).toEqual({
      sales: 10000,
      commission: 800,
      refunds: 2000,
      payouts: 0,
    });
    expect((await buildReport(custom('2026-02-09', '2026-02-11'), { kind: 'own', storeIds: [B] })).ledger).toEqual({
      sales: 7000,
      commission: 700,
      refunds: 0,
      payouts: 0,
    });
  });

  it("gives a seller their store's figures, the same as the operator's", async () => {
    const q = custom('2026-02-09', '2026-02-11');
    const operator = await buildReport(q, ANY);
    for (const store of stores) {
      const seller = await buildReport(q, { kind: 'own', storeIds: [store] });
      const row = operator.by_store.find((r) => r.id === store)!;
      expect({ ...seller.totals }).toMatchObject({
        orders: row.orders,
        gross: row.gross,
        discount: row.discount,
        refunds: row.refunds,
        tax: row.tax,
        shipping: row.shipping,
        units: row.units,
      });
      expect(seller.by_store.map((r) => r.id)).toEqual([store]);
      expect(seller.by_product.map((r) => r.id)).toEqual(operator.by_product.filter((r) => r.store_id === store).map((r) => r.id));
    }
    // Store B: c1 and c3 and c4 are new to it; store A: c1 and c2, and c2 came back.
    const b = await buildReport(q, { kind: 'own', storeIds: [stores[1]] });
    expect([b.totals.new_customers, b.totals.returning_orders]).toEqual([3, 0]);
    const a = await buildReport(q, { kind: 'own', storeIds: [stores[0]] });
    expect([a.totals.new_customers, a.totals.returning_orders]).toEqual([2, 1]);
  });

  it('answers the same through the API and as CSV, a seller only for their store; a bad range is a 4xx', async () => {
    const owner = await account(['owner']);
    const seller = await account(['seller'], [], [stores[1]]);
    const q = '?period=custom&from=2026-02-09&to=2026-02-11';
    const mine = (await (await api(`/api/v1/seller/reports${q}`, seller)).json()) as {
      data: { totals: { orders: number }; by_store: { id: number }[] };
    };
    expect(mine.data.totals.orders).toBe(2);
    expect(mine.data.by_store.map((r) => r.id)).toEqual([stores[1]]);
    const all = (await (await api(`/api/v1/admin/reports${q}`, owner)).json()) as { data: { totals: { orders: number } } };
    expect(all.data.totals.orders).toBe(5);
    expect((await api(`/api/v1/admin/reports${q}`, seller)).status).toBe(403);
    const bad = await api('/api/v1/admin/reports?period=custom&from=2026-02-11&to=2026-02-09', owner);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(((await bad.json()) as { message: string }).message).toBe('The first day must not be after the last day');
    const path = '/admin/reports/export.csv';
    const csv = await requestModule(adminCsv, path, {}, `${path}${q}&table=method`, { headers: { cookie: owner.cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).trim().split('\n')).toEqual([
      'key,name,orders,gross,discount,refunds,net,tax,shipping',
      '2,2,3,190.00,10.00,25.00,155.00,13.00,13.00',
      '7,7,2,80.00,0.00,20.00,60.00,0.00,0.00',
    ]);
  });

  it('moves the days to another time zone on a rebuild (Tokyo)', async () => {
    await setTimeZone('Asia/Tokyo');
    await rebuildReports();
    const day10 = await buildReport(custom('2026-02-10', '2026-02-10'), ANY);
    expect(day10.totals).toMatchObject({ orders: 4, gross: 25000, discount: 1000, refunds: 0, tax: 1300, shipping: 1300, units: 7 });
    const day11 = await buildReport(custom('2026-02-11', '2026-02-11'), ANY);
    expect(day11.totals).toMatchObject({ orders: 1, gross: 2000, refunds: 2000, units: 1 });
    const day12 = await buildReport(custom('2026-02-12', '2026-02-12'), ANY);
    expect(day12.totals).toMatchObject({ orders: 0, refunds: 2500 });
    await setTimeZone('America/New_York');
    await rebuildReports();
  });
});

/** Every roll-up row that is not all zeros, as text, sorted: the days and the months, of orders and of products. */
async function rollups(): Promise<string[]> {
  const orderFigures =
    'store_id, payment_method, country, orders, gross, discount, tax, shipping, refunds, refund_count, new_customers, new_store_customers, returning_orders, returning_store_orders';
  const productFigures = 'store_id, product_id, orders, units, gross, refunds';
  const nonZero = (figures: string) => {
    const sums = figures.split(', ').filter((c) => !['store_id', 'payment_method', 'country', 'product_id'].includes(c));
    return `(${sums.join(', ')}) <> (${sums.map(() => '0').join(', ')})`;
  };
  const read = (t: string, table: string, period: string, figures: string) =>
    queryRows<Record<string, unknown>>(
      getDb(),
      sql.raw(`select '${t}' as t, ${period}::text, ${figures} from ${table} where ${nonZero(figures)}`),
    );
  const rows = await Promise.all([
    read('d', 'report_daily', 'day', orderFigures),
    read('p', 'report_daily_products', 'day', productFigures),
    read('m', 'report_monthly', 'month', orderFigures),
    read('n', 'report_monthly_products', 'month', productFigures),
  ]);
  return rows
    .flat()
    .map((r) => Object.values(r).map(String).join('|'))
    .sort();
}

describe("an order's refunds", () => {
  it('move with the order when its payment method or country changes, as a recount would put them', async () => {
    const o = await place({
      store: stores[0],
      at: '2026-04-22T10:00:00Z',
      method: 2,
      country: 'US',
      email: email('follows'),
      lines: [{ product: p.p1, qty: 1, unit: 5000 }],
    });
    await refund(o.id, '2026-05-03T10:00:00Z', [{ line_id: o.lines[0]!, quantity: 1, amount: 1234 }]);
    await getDb().execute(sql`update orders set payment_method = 7 where id = ${o.id}`);
    await getDb().execute(sql`update orders set shipping_address = '{"country": "FR"}'::jsonb where id = ${o.id}`);
    await foldReports();
    const kept = await rollups();
    expect(kept.some((r) => r.startsWith(`d|2026-05-03|${stores[0]}|7|FR|0|0|0|0|0|1234|1|`))).toBe(true);
    await rebuildReports();
    expect(kept).toEqual(await rollups());
  });
});

describe('200 random order events', () => {
  it('leave the roll-ups equal to a full recount, also when four run at once', async () => {
    const [A, B] = stores;
    const live: { id: number; lines: number[]; refundable: number }[] = [];
    let rnd = 36;
    const next = () => (rnd = (rnd * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const event = async (worker: number) => {
      const roll = next();
      if (roll < 0.55 || live.length < 3) {
        const store = pick([A, B]);
        // From April 20 to May 10, refunds up to June 9: whole months and the days around them.
        const at = new Date(Date.UTC(2026, 3, 20) + Math.floor(next() * 20 * 86_400_000)).toISOString();
        const lines = [
          {
            product: store === A ? pick([p.p1, p.p2]) : pick([p.p3, p.p4]),
            qty: 1 + Math.floor(next() * 3),
            unit: 1000 + Math.floor(next() * 9000),
          },
        ];
        const o = await place({
          store,
          at,
          method: pick([2, 7, 3]),
          country: pick(['US', 'FR', 'DE', '']),
          // Each worker has its own customers: whether an order is someone's first is decided when it is written.
          email: email(`w${worker}-c${Math.floor(next() * 8)}`),
          lines,
          discount: Math.floor(next() * 500),
          tax: Math.floor(next() * 800),
          shipping: pick([0, 500]),
        });
        live.push({ id: o.id, lines: o.lines, refundable: lines[0]!.qty * lines[0]!.unit });
      } else if (roll < 0.7) {
        const o = live.splice(Math.floor(next() * live.length), 1)[0]!;
        await changeStatus(o.id, 'cancelled', 'Random event');
      } else if (roll < 0.9) {
        const o = pick(live);
        const amount = Math.min(o.refundable, 100 + Math.floor(next() * 2000));
        if (amount <= 0) return;
        o.refundable -= amount;
        const at = new Date(Date.UTC(2026, 4, 1) + Math.floor(next() * 40 * 86_400_000)).toISOString();
        await refund(o.id, at, [{ line_id: o.lines[0]!, quantity: 1, amount }], pick([0, 0, 100]));
      } else if (roll < 0.95) {
        const o = pick(live);
        await getDb().execute(sql`update orders set payment_method = ${pick([2, 7, 4])} where id = ${o.id}`);
      } else {
        await foldReports();
      }
    };
    for (let i = 0; i < 100; i++) await event(0);
    await Promise.all(
      [1, 2, 3, 4].map(async (w) => {
        for (let i = 0; i < 25; i++) await event(w);
      }),
    );
    await foldReports();
    const kept = await rollups();
    await rebuildReports();
    const recounted = await rollups();
    expect(kept.length).toBeGreaterThan(50);
    expect(kept).toEqual(recounted);

    // A period holding a whole month (May) reads May from the monthly roll-up and the edges by day: its figures are
    // the daily rows' sums over the same days.
    const [days] = await queryRows<{ orders: number; gross: number; refunds: number }>(
      getDb(),
      sql`select sum(orders)::int as orders, sum(gross)::int as gross, sum(refunds)::int as refunds from report_daily
          where day between '2026-04-25' and '2026-06-05'`,
    );
    const productDays = await queryRows<{ id: number; units: number; refunds: number }>(
      getDb(),
      sql`select product_id as id, sum(units)::int as units, sum(refunds)::int as refunds from report_daily_products
          where day between '2026-04-25' and '2026-06-05' group by product_id having sum(units) <> 0 or sum(refunds) <> 0 order by product_id`,
    );
    const report = await buildReport(custom('2026-04-25', '2026-06-05'), ANY);
    expect(days!.orders).toBeGreaterThan(0);
    expect(report.totals).toMatchObject({ orders: days!.orders, gross: days!.gross, refunds: days!.refunds });
    expect(report.by_product.map((r) => ({ id: r.id, units: r.units, refunds: r.refunds })).sort((x, y) => x.id! - y.id!)).toEqual(
      productDays,
    );
  }, 120_000);
});
