import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { useTestDatabase } from '../setup/db';
import { getDb, type Tx } from '@/server/db/client';
import { orderLines, orders, stores, users } from '@/server/db/schema';
import { OrdersQuerySchema } from '@/lib/schemas/backoffice';
import { clearSettingsCache, getSettings, putSetting } from '@/server/settings';
import type { Scope } from '@/server/core/policy';
import { countByStatus, getStaffOrder, listOrders, type SearchPath } from '@/server/orders/manage';
import { addDays, todayIn } from '@/server/reports/period';
import { failure } from './cart-fixtures';

/**
 * orders/manage.ts called directly (issue 38, docs/mutation-testing.md run AA): the back office's orders list (every
 * column of a row, the filters one by one, the shop's time zone for `from`/`to`, the scope, keyset pages both ways),
 * the search read each way (in list order, through the indexes, and the automatic choice), the tabs' counts (per
 * status, a short span, a search, and where each stops counting) and one order as the operator and as the seller see
 * it. An empty shop with six orders written here, so each figure is known; the last test adds 5,001 orders.
 */
useTestDatabase();

const ANY: Scope = { kind: 'any' };
const own = (...storeIds: number[]): Scope => ({ kind: 'own', storeIds });
const TZ = 'Asia/Tokyo'; // UTC+9, no daylight saving: 15:00 UTC is the next day's midnight there.

let A: number;
let B: number;
let C: number;
let quinn: number;
let nora: number;
/** o[1] … o[6], oldest first. */
const o: number[] = [];

interface Spec {
  no: string;
  store: number;
  status: string;
  method: number;
  paid: number;
  email: string;
  at: string;
  total: number;
  user?: number;
  address: Record<string, string>;
  billing?: Record<string, string>;
}

async function order(s: Spec): Promise<number> {
  const [row] = await getDb()
    .insert(orders)
    .values({
      orderNo: s.no,
      storeId: s.store,
      userId: s.user ?? null,
      status: s.status,
      paymentStatus: s.paid,
      paymentMethod: s.method,
      currency: 'EUR',
      email: s.email,
      trackingCode: `T-${s.no}`,
      subtotal: s.total,
      total: s.total,
      shippingAddress: s.address,
      billingAddress: s.billing ?? null,
      createdAt: new Date(s.at),
    })
    .returning({ id: orders.id });
  await getDb()
    .insert(orderLines)
    .values({ orderId: row!.id, title: `Line of ${s.no}`, unitPrice: s.total, quantity: 1, lineTotal: s.total });
  return row!.id;
}

beforeAll(async () => {
  clearSettingsCache();
  await putSetting('setting', { ...(await getSettings()).setting, time_zone: TZ });
  clearSettingsCache();
  const store = async (name: string, slug: string) => (await getDb().insert(stores).values({ name, slug }).returning())[0]!.id;
  A = await store('Amber Goods', 'amber-goods');
  B = await store('Birch Supply', 'birch-supply');
  C = await store('Cedar Co', 'cedar-co');
  const person = async (name: string, email: string, phone: string | null) =>
    (await getDb().insert(users).values({ name, email, phone }).returning())[0]!.id;
  quinn = await person('Quinn Findme', 'quinn.account@example.com', '+44 20 7946 0018');
  nora = await person('Nora Nophone', 'nora@example.com', null);
  o[1] = await order({
    no: 'ORD-A1',
    store: A,
    status: 'pending',
    method: 2,
    paid: 0,
    email: 'first.buyer@example.com',
    at: '2026-03-01T14:59:59Z', // 23:59:59 on 1 March in Tokyo
    total: 2500,
    address: { name: 'Ada Lovelace', phone: '512-555-0100', city: 'Austin' },
    billing: { name: 'Ada Billing', city: 'Austin' },
  });
  o[2] = await order({
    no: 'ORD-B2',
    store: B,
    status: 'confirmed',
    method: 7,
    paid: 1,
    email: 'second_buyer@example.com',
    at: '2026-03-01T15:00:00Z', // midnight of 2 March in Tokyo
    total: 4200,
    user: quinn,
    address: { name: 'Under_Score', phone: '030 111 222', city: 'Berlin' },
    billing: { name: 'Bill Payer', city: 'Berlin' },
  });
  o[3] = await order({
    no: 'ORD-C3',
    store: C,
    status: 'delivered',
    method: 3,
    paid: 1,
    email: 'third%buyer@example.com',
    at: '2026-03-05T10:00:00Z',
    total: 990,
    user: nora,
    address: { name: 'Omar 100% Sure', phone: '0049 30 1234567', city: 'Bonn' },
  });
  o[4] = await order({
    no: 'ORD-A4',
    store: A,
    status: 'cancelled',
    method: 2,
    paid: 0,
    email: 'unusual.mailbox@example.com',
    at: '2026-03-06T10:00:00Z',
    total: 1500,
    address: { name: 'Under Score', city: 'Lyon' },
  });
  o[5] = await order({
    no: 'ORD-A5',
    store: A,
    status: 'pending',
    method: 7,
    paid: 0,
    email: 'room100north@example.com',
    at: '2026-03-07T10:00:00Z',
    total: 700,
    address: { city: 'Oslo' },
  });
  o[6] = await order({
    no: 'ORD-B6',
    store: B,
    status: 'shipped',
    method: 2,
    paid: 1,
    email: 'ada.twice@example.com',
    at: '2026-03-08T10:00:00Z',
    total: 3100,
    address: { name: 'Ada Twice', city: 'Rome' },
  });
});

const q = (query: Record<string, string> = {}) => OrdersQuerySchema.parse(query);

/** Every page of the list, by keyset, as the orders' numbers 1…6 (a short page, so later pages are read). */
async function listed(query: Record<string, string>, scope: Scope = ANY, path: SearchPath = 'auto', perPage = 2): Promise<number[]> {
  const ids: number[] = [];
  let cursor = '';
  for (let page = 0; page < 20; page++) {
    const res = await listOrders(q({ ...query, per_page: String(perPage), cursor }), scope, getDb(), path);
    expect(res.items.length).toBeLessThanOrEqual(perPage);
    ids.push(...res.items.map((r) => r.id));
    if (!res.next_cursor) return ids.map((id) => (o.includes(id) ? o.indexOf(id) : id));
    cursor = res.next_cursor;
  }
  throw new Error('more than 20 pages');
}

const PATHS: SearchPath[] = ['walk', 'index', 'auto'];

describe('the orders list', () => {
  it('shows each order with every column, newest first, one page after another', async () => {
    const first = await listOrders(q({ per_page: '2' }), ANY);
    expect(first.items).toEqual([
      {
        id: o[6],
        order_no: 'ORD-B6',
        store_id: B,
        store_name: 'Birch Supply',
        status: 'shipped',
        payment_status: 1,
        payment_method: 2,
        total: 3100,
        currency: 'EUR',
        email: 'ada.twice@example.com',
        customer: 'Ada Twice',
        created_at: '2026-03-08T10:00:00.000Z',
        version: 1,
      },
      {
        id: o[5],
        order_no: 'ORD-A5',
        store_id: A,
        store_name: 'Amber Goods',
        status: 'pending',
        payment_status: 0,
        payment_method: 7,
        total: 700,
        currency: 'EUR',
        email: 'room100north@example.com',
        customer: '', // a guest's address without a name
        created_at: '2026-03-07T10:00:00.000Z',
        version: 1,
      },
    ]);
    expect(first.next_cursor).not.toBeNull();
    const all = await listOrders(q({ per_page: '6' }), ANY);
    expect(all.next_cursor).toBeNull();
    // The account's name before the address's.
    expect(all.items.find((r) => r.id === o[2])?.customer).toBe('Quinn Findme');
    expect(all.items.find((r) => r.id === o[1])?.customer).toBe('Ada Lovelace');
    expect(await listed({})).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await listed({ dir: 'asc' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await listed({ dir: 'asc' }, ANY, 'auto', 4)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await listed({}, ANY, 'auto', 1)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('filters by status, payment, method and store, each on its own and together', async () => {
    expect(await listed({ status: 'pending' })).toEqual([5, 1]);
    expect(await listed({ status: 'shipped' })).toEqual([6]);
    expect(await listed({ payment_status: '0' })).toEqual([5, 4, 1]);
    expect(await listed({ payment_status: '1' })).toEqual([6, 3, 2]);
    expect(await listed({ payment_method: '7' })).toEqual([5, 2]);
    expect(await listed({ store_id: String(B) })).toEqual([6, 2]);
    expect(await listed({ store_id: String(A), payment_method: '2', dir: 'asc' })).toEqual([1, 4]);
    expect(await listed({ store_id: String(A), status: 'pending', payment_status: '0', payment_method: '2' })).toEqual([1]);
  });

  it('reads from and to as days of the shop’s time zone', async () => {
    expect(await listed({ from: '2026-03-02' })).toEqual([6, 5, 4, 3, 2]); // 15:00 UTC on 1 March is 2 March in Tokyo
    expect(await listed({ to: '2026-03-01' })).toEqual([1]);
    expect(await listed({ from: '2026-03-01', to: '2026-03-01' })).toEqual([1]);
    expect(await listed({ from: '2026-03-02', to: '2026-03-02' })).toEqual([2]);
    expect(await listed({ from: '2026-03-05', to: '2026-03-06' })).toEqual([4, 3]);
    expect(await listed({ from: '2026-03-05', to: '2026-03-06', dir: 'asc' })).toEqual([3, 4]);
    expect(await listed({ from: '2026-01-01', to: '2026-12-31' })).toEqual([6, 5, 4, 3, 2, 1]); // a long span
    expect(await listed({ from: '2026-03-09' })).toEqual([]);
  });

  it('stays inside the scope: a seller’s stores only, none for a seller of no store', async () => {
    expect(await listed({}, own(A))).toEqual([5, 4, 1]);
    expect(await listed({}, own(A, C))).toEqual([5, 4, 3, 1]);
    expect(await listed({ store_id: String(B) }, own(A))).toEqual([]);
    expect(await listed({}, own())).toEqual([]);
    expect(await listed({ q: 'ada' }, own(A))).toEqual([1]);
    expect(await listed({ q: 'ada' }, own())).toEqual([]);
  });
});

describe('the orders search, each way of reading it', () => {
  const finds = async (piece: string, expected: number[], query: Record<string, string> = {}, scope: Scope = ANY) => {
    for (const path of PATHS) {
      expect({ piece, path, found: await listed({ ...query, q: piece }, scope, path) }).toEqual({ piece, path, found: expected });
      expect({ piece, path, asc: await listed({ ...query, q: piece, dir: 'asc' }, scope, path, 1) }).toEqual({
        piece,
        path,
        asc: [...expected].reverse(),
      });
    }
  };

  it('finds a piece of the email or of the name on the address, in any case, each order once', async () => {
    await finds('ada', [6, 1]); // order 6 has it in its email and its name: listed once
    await finds('MAILBOX', [4]);
    await finds('lovelace', [1]);
    await finds('zzz-nothing', []);
    await finds('ada', [6], { store_id: String(B) });
  });

  it('finds the order number, whole or its start', async () => {
    await finds('ORD-B2', [2]);
    await finds('ORD-A', [5, 4, 1]);
  });

  it('reads %, _ and \\ as themselves', async () => {
    await finds('%', [3]);
    await finds('100%', [3]); // not room100north
    await finds('r_s', [2]); // Under_Score, not "Under Score"
    await finds('\\', []);
  });

  it('finds the shopper’s account by its name, email or phone', async () => {
    await finds('findme', [2]);
    await finds('quinn.account', [2]);
    await finds('7946 0018', [2]);
    await finds('nophone', [3]);
    // A longer piece across the account's name and email, or email and phone, is a piece, not an address.
    await finds('Findme quinn.account@example.com', [2]);
    await finds('quinn.account@example.com +44', [2]);
  });

  it('finds the address’s phone by its digits, however written, from six digits on', async () => {
    await finds('555-010', [1]);
    await finds('(555) 0100', [1]);
    await finds('55-010', []); // five digits: not looked for in the phone
  });

  it('looks a whole email address up exactly, the order’s or the account’s, in any case', async () => {
    await finds('Unusual.Mailbox@Example.com', [4]);
    await finds('mailbox@example.com', []); // not the longer address that contains it
    await finds('Quinn.Account@EXAMPLE.com', [2]);
    await finds('uinn.account@example.com', []);
  });

  it('reads a piece with two "@", or a space after the "@", as a piece, not an address', async () => {
    await getDb().execute(
      sql`update orders set shipping_address = ${JSON.stringify({ name: 'zwo@at@ex.am@ple.org x@y z.w' })}::jsonb where id = ${o[4]}`,
    );
    try {
      await finds('wo@at@ex.am', [4]);
      await finds('t@ex.am@ple', [4]);
      await finds('x@y z.w', [4]);
    } finally {
      await getDb().execute(
        sql`update orders set shipping_address = ${JSON.stringify({ name: 'Under Score', city: 'Lyon' })}::jsonb where id = ${o[4]}`,
      );
    }
  });
});

describe('the tabs’ counts', () => {
  const shown = (counts: Awaited<ReturnType<typeof countByStatus>>) =>
    Object.fromEntries(
      Object.entries(counts)
        .filter(([, c]) => c.count > 0 || c.capped)
        .map(([s, c]) => [s, c.count]),
    );
  const none = (counts: Awaited<ReturnType<typeof countByStatus>>) => Object.values(counts).every((c) => !c.capped);

  it('counts every status, with the other filters but not the status', async () => {
    const all = await countByStatus(q(), ANY);
    expect(all).toEqual({
      pending: { count: 2, capped: false },
      confirmed: { count: 1, capped: false },
      picked_up: { count: 0, capped: false },
      on_the_way: { count: 0, capped: false },
      shipped: { count: 1, capped: false },
      delivered: { count: 1, capped: false },
      cancelled: { count: 1, capped: false },
      refunded: { count: 0, capped: false },
    });
    expect(shown(await countByStatus(q({ status: 'pending' }), ANY))).toEqual({
      pending: 2,
      confirmed: 1,
      shipped: 1,
      delivered: 1,
      cancelled: 1,
    });
    expect(shown(await countByStatus(q({ payment_status: '0' }), ANY))).toEqual({ pending: 2, cancelled: 1 });
    expect(shown(await countByStatus(q(), own(A)))).toEqual({ pending: 2, cancelled: 1 });
    expect(shown(await countByStatus(q(), own()))).toEqual({});
    expect(shown(await countByStatus(q({ from: '2026-03-02' }), ANY))).toEqual({
      pending: 1,
      confirmed: 1,
      shipped: 1,
      delivered: 1,
      cancelled: 1,
    });
  });

  it('counts a short span of days, with or without its end', async () => {
    const span = await countByStatus(q({ from: '2026-03-01', to: '2026-03-06' }), ANY);
    expect(shown(span)).toEqual({ pending: 1, confirmed: 1, delivered: 1, cancelled: 1 });
    expect(none(span)).toBe(true);
    expect(span.refunded).toEqual({ count: 0, capped: false });
    expect(shown(await countByStatus(q({ from: '2026-03-02', to: '2026-03-02', status: 'delivered' }), ANY))).toEqual({ confirmed: 1 });
    expect(shown(await countByStatus(q({ from: '2026-03-05', to: '2026-03-08' }), own(B, C)))).toEqual({ shipped: 1, delivered: 1 });
  });

  it('counts what a search finds, each order once, with the other filters', async () => {
    const ada = await countByStatus(q({ q: 'ada' }), ANY);
    expect(shown(ada)).toEqual({ pending: 1, shipped: 1 });
    expect(none(ada)).toBe(true);
    expect(ada.confirmed).toEqual({ count: 0, capped: false });
    expect(shown(await countByStatus(q({ q: 'ada', store_id: String(A) }), ANY))).toEqual({ pending: 1 });
    expect(shown(await countByStatus(q({ q: 'ada', status: 'shipped' }), own(A)))).toEqual({ pending: 1 });
    expect(shown(await countByStatus(q({ q: 'Quinn.Account@example.com' }), ANY))).toEqual({ confirmed: 1 });
    expect(shown(await countByStatus(q({ q: 'zzz-nothing' }), ANY))).toEqual({});
  });
});

describe('one order', () => {
  it('shows the operator the order with the shopper’s account, both addresses and the next steps', async () => {
    const two = await getStaffOrder(o[2]!, ANY);
    expect(two).toMatchObject({
      id: o[2],
      order_no: 'ORD-B2',
      status: 'confirmed',
      store: { id: B, name: 'Birch Supply' },
      store_id: B,
      version: 1,
      email: 'second_buyer@example.com',
      total: 4200,
      customer: { id: quinn, name: 'Quinn Findme', email: 'second_buyer@example.com', phone: '+44 20 7946 0018' },
      shipping_address: { name: 'Under_Score', phone: '030 111 222', city: 'Berlin' },
      billing_address: { name: 'Bill Payer', city: 'Berlin' },
      next: ['picked_up', 'shipped', 'cancelled'],
    });
    expect(two.lines.map((l) => [l.title, l.unit_price, l.quantity])).toEqual([['Line of ORD-B2', 4200, 1]]);
    // An account without a phone: the address's; a guest: the address's name and phone; neither: empty.
    expect((await getStaffOrder(o[3]!, ANY)).customer).toEqual({
      id: nora,
      name: 'Nora Nophone',
      email: 'third%buyer@example.com',
      phone: '0049 30 1234567',
    });
    const one = await getStaffOrder(o[1]!, ANY);
    expect(one.customer).toEqual({ id: null, name: 'Ada Lovelace', email: 'first.buyer@example.com', phone: '512-555-0100' });
    expect(one.billing_address).toEqual({ name: 'Ada Billing', city: 'Austin' });
    expect(one.next).toEqual(['confirmed', 'cancelled']);
    expect((await getStaffOrder(o[5]!, ANY)).customer).toEqual({ id: null, name: '', email: 'room100north@example.com', phone: null });
    expect((await getStaffOrder(o[3]!, ANY)).next).toEqual(['refunded']);
  });

  it('shows a seller what shipping needs: the address, email and phone, not the account or the billing address', async () => {
    const two = await getStaffOrder(o[2]!, own(B));
    expect(two.customer).toEqual({ id: null, name: 'Under_Score', email: 'second_buyer@example.com', phone: '030 111 222' });
    expect(two.billing_address).toBeNull();
    expect(two.shipping_address).toEqual({ name: 'Under_Score', phone: '030 111 222', city: 'Berlin' });
    expect(two.next).toEqual(['picked_up', 'shipped', 'cancelled']);
    expect((await getStaffOrder(o[5]!, own(A, C))).customer).toEqual({
      id: null,
      name: '',
      email: 'room100north@example.com',
      phone: null,
    });
    expect((await getStaffOrder(o[3]!, own(A, C))).customer).toEqual({
      id: null,
      name: 'Omar 100% Sure',
      email: 'third%buyer@example.com',
      phone: '0049 30 1234567',
    });
  });

  it('shows an order without an address with an empty name and no phone', async () => {
    const bare = await order({
      no: 'ORD-C9',
      store: C,
      status: 'on_the_way',
      method: 2,
      paid: 1,
      email: 'bare@example.com',
      at: '2026-01-02T10:00:00Z',
      total: 100,
      address: {},
    });
    await getDb().execute(sql`update orders set shipping_address = null where id = ${bare}`);
    try {
      const expected = { id: null, name: '', email: 'bare@example.com', phone: null };
      expect((await getStaffOrder(bare, ANY)).customer).toEqual(expected);
      expect((await getStaffOrder(bare, own(C))).customer).toEqual(expected);
      expect((await getStaffOrder(bare, own(C))).next).toEqual(['delivered']);
    } finally {
      // Gone again: the other tests count the six orders of the shop.
      await getDb().execute(sql`delete from order_lines where order_id = ${bare}`);
      await getDb().execute(sql`delete from order_status_history where order_id = ${bare}`);
      await getDb().execute(sql`delete from orders where id = ${bare}`);
    }
  });

  it('answers 404 for another store’s order, a seller of no store, and an order that does not exist', async () => {
    for (const [id, scope] of [
      [o[2]!, own(A)],
      [o[2]!, own(A, C)],
      [o[1]!, own()],
      [o[6]! + 1000, ANY],
    ] as const) {
      const err = await failure(getStaffOrder(id, scope));
      expect([err.code, err.httpStatus, err.message]).toEqual(['NOT_FOUND', 404, 'The order could not be found.']);
    }
  });
});

const dialect = new PgDialect();

/** A database that records each statement it is given, reduced to what kind of read it is. */
function recorder() {
  const reads: string[] = [];
  const texts: string[] = [];
  const db = {
    execute: (query: SQL) => {
      const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ');
      texts.push(text);
      reads.push(
        text.includes('with found as materialized')
          ? 'indexes'
          : text.includes('ilike')
            ? (text.match(/limit/g) ?? []).length > 2
              ? 'walk the newest'
              : 'walk all'
            : text.includes('o.id + 0')
              ? 'by date'
              : text.includes('group by')
                ? 'one count'
                : text.includes('count(*)')
                  ? 'count a tab'
                  : 'by id',
      );
      return getDb().execute(query);
    },
  } as unknown as Tx;
  return { db, reads, texts };
}

describe('how each list and count is read (the plans orders/manage.ts promises)', () => {
  const readsOf = async (query: Record<string, string>, path: SearchPath = 'auto') => {
    const { db, reads } = recorder();
    const res = await listOrders(q(query), ANY, db, path);
    return { ids: res.items.map((r) => o.indexOf(r.id)), reads };
  };

  it('reads a short span of days with an end by date, anything else by the id', async () => {
    expect(await readsOf({})).toEqual({ ids: [6, 5, 4, 3, 2, 1], reads: ['by id'] });
    expect(await readsOf({ from: '2026-03-02', to: '2026-04-02' })).toEqual({ ids: [6, 5, 4, 3, 2], reads: ['by date'] }); // 32 days
    expect(await readsOf({ from: '2026-03-02', to: '2026-04-03' })).toEqual({ ids: [6, 5, 4, 3, 2], reads: ['by id'] }); // 33 days
    expect(await readsOf({ from: '2026-02-28', to: '2026-03-01', dir: 'asc' })).toEqual({ ids: [1], reads: ['by date'] });
    expect((await readsOf({ from: '2026-03-01' })).reads).toEqual(['by id']);
    expect((await readsOf({ to: '2026-03-01' })).reads).toEqual(['by id']);
  });

  it('walks the newest orders first for a piece, then asks the indexes when the page is not full', async () => {
    expect(await readsOf({ q: 'lovelace' })).toEqual({ ids: [1], reads: ['walk the newest', 'indexes'] });
    expect(await readsOf({ q: 'ORD', per_page: '5' })).toEqual({ ids: [6, 5, 4, 3, 2], reads: ['walk the newest'] }); // six found: full
    expect(await readsOf({ q: 'ORD', per_page: '6' })).toEqual({ ids: [6, 5, 4, 3, 2, 1], reads: ['walk the newest', 'indexes'] });
    expect(await readsOf({ q: 'room 1234' })).toEqual({ ids: [], reads: ['walk the newest', 'indexes'] });
    expect(await readsOf({ q: 'lovelace', from: '2026-03-01', to: '2026-04-02' })).toEqual({
      ids: [1],
      reads: ['walk the newest', 'indexes'],
    });
    // Without a way named, the automatic one (the routes name none).
    const unnamed = recorder();
    await listOrders(q({ q: 'lovelace' }), ANY, unnamed.db);
    expect(unnamed.reads).toEqual(['walk the newest', 'indexes']);
    // Forced: one way only.
    expect(await readsOf({ q: 'lovelace' }, 'walk')).toEqual({ ids: [1], reads: ['walk all'] });
    expect(await readsOf({ q: 'ORD', per_page: '6' }, 'walk')).toEqual({ ids: [6, 5, 4, 3, 2, 1], reads: ['walk all'] });
    expect(await readsOf({ q: 'lovelace' }, 'index')).toEqual({ ids: [1], reads: ['indexes'] });
  });

  it('goes straight to the indexes for a whole email, five digits in a row, or a short span', async () => {
    expect(await readsOf({ q: 'Unusual.Mailbox@Example.com' })).toEqual({ ids: [4], reads: ['indexes'] });
    expect(await readsOf({ q: 'room 12345' })).toEqual({ ids: [], reads: ['indexes'] });
    expect(await readsOf({ q: 'lovelace', from: '2026-03-01', to: '2026-04-01' })).toEqual({ ids: [1], reads: ['indexes'] });
    expect(await readsOf({ q: 'lovelace', from: '2026-03-02', to: '2026-04-01' })).toEqual({ ids: [], reads: ['indexes'] });
  });

  it('looks for the phone’s digits only from six on', async () => {
    for (const path of PATHS) {
      const five = recorder();
      await listOrders(q({ q: '55-010' }), ANY, five.db, path);
      expect({ path, digits: five.texts.some((t) => t.includes('regexp_replace')) }).toEqual({ path, digits: false });
      const six = recorder();
      await listOrders(q({ q: '555-010' }), ANY, six.db, path);
      expect({ path, digits: six.texts.every((t) => t.includes('regexp_replace')) }).toEqual({ path, digits: true });
    }
  });

  it('counts per tab, a short span in one statement, a search in one statement', async () => {
    const countReads = async (query: Record<string, string>) => {
      const { db, reads } = recorder();
      await countByStatus(q(query), ANY, db);
      return reads;
    };
    expect(await countReads({})).toEqual(Array(8).fill('count a tab'));
    expect(await countReads({ from: '2026-03-01', to: '2026-04-01' })).toEqual(['one count']);
    expect(await countReads({ from: '2026-03-01', to: '2026-04-02' })).toEqual(Array(8).fill('count a tab'));
    expect(await countReads({ q: 'ada' })).toEqual(['indexes']);
  });
});

describe('thousands of orders', () => {
  it('stops each count where it is cheap to, and still finds an old order past the newest two thousand', async () => {
    const columns = ['order_no', 'store_id', 'status', 'payment_method', 'email', 'tracking_code', 'shipping_address'];
    await getDb().transaction(async (tx) => {
      // The orders' own triggers (the reports' roll-ups, the version) are off for this copy, as in the bench's fill.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql.raw(
          `insert into orders (${columns.join(', ')})
           select 'BULK-' || g, ${A}, 'pending', 2, 'bulk' || g || (case when g <= 2600 then '.twin' else '' end) || '@example.com',
             'TB' || g, jsonb_build_object('name', 'Mass Buyer' || (case when g <= 2600 then ' Twin' else '' end))
           from generate_series(1, 5001) g`,
        ),
      );
    });
    const today = todayIn(TZ);
    // Per tab, each stopped at 1,000 ("at least").
    const all = await countByStatus(q(), ANY);
    expect([all.pending, all.confirmed, all.refunded]).toEqual([
      { count: 1000, capped: true },
      { count: 1, capped: false },
      { count: 0, capped: false },
    ]);
    // A span of 32 days at most is counted exactly, with or without its end; 33 days is counted per tab.
    for (const query of [{ from: addDays(today, -31) }, { from: addDays(today, -31), to: today }, { from: today }] as Record<
      string,
      string
    >[]) {
      const span = await countByStatus(q(query), ANY);
      expect({ query, pending: span.pending, confirmed: span.confirmed }).toEqual({
        query,
        pending: { count: 5001, capped: false },
        confirmed: { count: 0, capped: false },
      });
    }
    for (const query of [{ from: addDays(today, -32) }, { from: addDays(today, -32), to: today }] as Record<string, string>[]) {
      expect({ query, pending: (await countByStatus(q(query), ANY)).pending }).toEqual({ query, pending: { count: 1000, capped: true } });
    }
    // A search the bulk shares: the first 5,000 found are counted, and every tab says "at least".
    const bulk = await countByStatus(q({ q: 'bulk' }), ANY);
    expect([bulk.pending, bulk.confirmed]).toEqual([
      { count: 5000, capped: true },
      { count: 0, capped: true },
    ]);
    // A piece 2,600 orders hold twice (email and name): 5,000 rows read, 2,600 orders counted, "at least".
    const twin = await countByStatus(q({ q: 'twin' }), ANY);
    expect([twin.pending, twin.confirmed]).toEqual([
      { count: 2600, capped: true },
      { count: 0, capped: true },
    ]);
    expect(shown2(await countByStatus(q({ q: 'ada' }), ANY))).toEqual({ pending: [1, false], shipped: [1, false] });
    // An old order is found each way, the newest two thousand walked first.
    for (const path of PATHS) {
      expect({ path, found: await listed({ q: 'ada' }, ANY, path) }).toEqual({ path, found: [6, 1] });
      expect({ path, found: await listed({ q: 'ada', dir: 'asc' }, ANY, path) }).toEqual({ path, found: [1, 6] });
    }
    const newest = await listOrders(q({ q: 'bulk', per_page: '3' }), ANY);
    expect(newest.items.map((r) => r.order_no)).toEqual(['BULK-5001', 'BULK-5000', 'BULK-4999']);
  });
});

const shown2 = (counts: Awaited<ReturnType<typeof countByStatus>>) =>
  Object.fromEntries(
    Object.entries(counts)
      .filter(([, c]) => c.count > 0)
      .map(([s, c]) => [s, [c.count, c.capped]]),
  );
