import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { ORDERS_PER_PAGE, orderOfUser, orderPageOfUser, ordersOfUser, type OrdersPage } from '@/server/orders/by-user';
import { send, startPageServer, type PageServer } from './page-server';
import { account, twoStores, type Account } from './backoffice-fixtures';

/**
 * The shopper's orders by keyset (issue 39): a shopper with 500 orders walks from the first page to the last
 * with the "Next" links and back with "Previous", through the service and through the real page (plain links,
 * no JavaScript); every order is shown once, in the order newest first, and the texts of the pager are kept.
 * Some orders share one created_at to the microsecond, so the id must break the tie.
 */
useTestDatabase({ demo: true });

const ORDERS = 500;
let server: PageServer;
let shopper: Account;
let other: Account;
/** The shopper's order ids as the list must show them: created_at newest first, then the higher id. */
let expected: number[];

async function makeOrders(userId: number, storeId: number, count: number, tag: string) {
  // Every fifth order shares its created_at with the next one: the keyset must order them by id.
  await getDb().execute(sql`
    insert into orders (order_no, store_id, user_id, status, payment_status, payment_method, email, tracking_code, subtotal, total, created_at)
    select ${tag} || '-' || g, ${storeId}::int, ${userId}::int, 'pending', 0, 2, 'keyset@example.com', 'KS' || ${tag} || g, 1000 + g, 1000 + g,
           timestamptz '2026-01-01 00:00:00.123456+00' + ((g / 2) * 2 || ' minutes')::interval
    from generate_series(1, ${count}::int) g`);
  await getDb().execute(sql`
    insert into order_lines (order_id, title, image, unit_price, quantity, line_total)
    select o.id, 'Keyset item ' || k, '/uploads/k' || k || '.png', 500, k, 500 * k
    from orders o, generate_series(1, 4) k where o.user_id = ${userId}`);
}

beforeAll(async () => {
  const [store] = await twoStores();
  shopper = await account([]);
  other = await account([]);
  await makeOrders(shopper.id, store, ORDERS, `ks${shopper.id}`);
  await makeOrders(other.id, store, 3, `ks${other.id}`);
  expected = (
    await queryRows<{ id: number }>(getDb(), sql`select id from orders where user_id = ${shopper.id} order by created_at desc, id desc`)
  ).map((r) => r.id);
  server = await startPageServer();
}, 300_000);
afterAll(() => server?.close());

const ids = (p: OrdersPage) => p.data.map((o) => o.id);

describe('the shopper’s orders by keyset, 500 orders (service)', () => {
  it('walks from the first page to the last and back: each order once, newest first, page numbers and links right', async () => {
    const seen: number[] = [];
    const pages: OrdersPage[] = [];
    let page = await orderPageOfUser(shopper.id);
    for (;;) {
      pages.push(page);
      seen.push(...ids(page));
      expect(page.page).toBe(pages.length);
      expect(page.last_page).toBe(ORDERS / ORDERS_PER_PAGE);
      expect(page.total).toBe(ORDERS);
      if (page.older === null) break;
      expect(page.older).toBe(page.data.at(-1)!.id);
      page = await orderPageOfUser(shopper.id, { older: page.older });
    }
    expect(seen).toEqual(expected);
    expect(pages).toHaveLength(ORDERS / ORDERS_PER_PAGE);
    // The first page has no "Previous"; the second's leads to the first page itself; the others to the orders newer than their first.
    expect(pages[0]!.newer).toBeNull();
    expect(pages[1]!.newer).toBe('first');
    expect(pages[2]!.newer).toBe(pages[2]!.data[0]!.id);
    // Back from the last page with "Previous": the same pages, in turn.
    for (let i = pages.length - 1; i > 1; i--) {
      const newer = await orderPageOfUser(shopper.id, { newer: pages[i]!.newer as number });
      expect(ids(newer)).toEqual(ids(pages[i - 1]!));
      expect(newer.page).toBe(i);
      expect(newer.older).toBe(pages[i - 1]!.older);
    }
  });

  it('a middle page by keyset is the orders right after its cursor, with their item counts and first three pictures', async () => {
    const cursor = expected[249]!;
    const middle = await orderPageOfUser(shopper.id, { older: cursor });
    expect(ids(middle)).toEqual(expected.slice(250, 260));
    expect(middle.page).toBe(26);
    expect(middle.data[0]).toMatchObject({
      items: 1 + 2 + 3 + 4,
      images: [1, 2, 3].map((k) => ({ title: `Keyset item ${k}`, image: `/uploads/k${k}.png` })),
    });
  });

  it('the API’s numbered pages show the same orders and figures', async () => {
    const api = await ordersOfUser(shopper.id, 26);
    expect(api.data.map((o) => o.id)).toEqual(expected.slice(250, 260));
    expect(api).toMatchObject({ current_page: 26, last_page: 50, total: ORDERS });
    expect(api.data[0]).toMatchObject({ items: 10, images: [1, 2, 3].map((k) => ({ title: `Keyset item ${k}` })) });
  });

  it('another person’s order as the cursor, or one that does not exist, gives the first page', async () => {
    const [foreign] = await queryRows<{ id: number }>(getDb(), sql`select id from orders where user_id = ${other.id} limit 1`);
    for (const cursor of [{ older: foreign!.id }, { newer: foreign!.id }, { older: 999_999_999 }]) {
      const page = await orderPageOfUser(shopper.id, cursor);
      expect(ids(page)).toEqual(expected.slice(0, ORDERS_PER_PAGE));
      expect(page.page).toBe(1);
    }
    const theirs = await orderPageOfUser(other.id);
    expect(theirs).toMatchObject({ page: 1, last_page: 1, total: 3, newer: null, older: null });
  });
});

describe('one order of the shopper', () => {
  it('shows its cancellation and refunds when it has them (looked up only then), and none when it has none', async () => {
    const [plain, cancelled] = expected.slice(0, 2) as [number, number];
    const [row] = await queryRows<{ order_no: string }>(getDb(), sql`select order_no from orders where id = ${cancelled}`);
    await getDb().execute(
      sql`insert into cancellations (order_id, user_id, reason, status) values (${cancelled}, ${shopper.id}, 'Changed my mind', 'cancelled')`,
    );
    await getDb()
      .execute(sql`insert into payment_refunds (order_no, gateway, charge_ref, amount, currency, reason, status, kind, order_id, shipping)
      values (${row!.order_no}, 'cod', 'ks-charge', 700, 'USD', 'refunded', 'refunded', 'order', ${cancelled}, 0)`);
    const full = await orderOfUser(shopper.id, cancelled);
    expect(full.cancellation).toMatchObject({ order_id: cancelled, reason: 'Changed my mind', status: 'cancelled' });
    expect(full.refunds).toEqual([expect.objectContaining({ amount: 700 })]);
    const bare = await orderOfUser(shopper.id, plain);
    expect(bare).toMatchObject({ cancellation: null, refunds: [], returns: [], shipments: [] });
    expect(bare.lines).toHaveLength(4);
  });
});

/** The orders a drawn page lists, and its pager's links and text. */
function drawn(html: string) {
  const pager = /<nav class="pager"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  const link = (rel: string) => new RegExp(`<a href="([^"]+)" rel="${rel}">([^<]*)</a>`).exec(pager);
  return {
    orders: [...html.matchAll(/data-order="(\d+)"/g)].map((m) => Number(m[1])),
    prev: link('prev'),
    next: link('next'),
    pageOf: /<span aria-current="page">([^<]*)<\/span>/.exec(pager)?.[1] ?? null,
  };
}

describe('the /user/orders page, 500 orders (plain links, no JavaScript)', () => {
  it('follows "Next" from the first page to the last and "Previous" back to the first', async () => {
    let path: string | null = '/user/orders';
    const seen: number[] = [];
    const trail: string[] = [];
    let n = 0;
    while (path) {
      const answer = await send(server, path, { cookies: [shopper.cookie] });
      expect(answer.status, answer.body.slice(0, 300)).toBe(200);
      const page = drawn(answer.body);
      n++;
      trail.push(path);
      expect(page.orders).toEqual(expected.slice((n - 1) * 10, n * 10));
      expect(page.pageOf).toBe(`Page ${n} of 50`);
      if (n === 1) expect(page.prev).toBeNull();
      else {
        expect(page.prev?.[2]).toBe('Previous');
        expect(page.prev?.[1]).toBe(n === 2 ? '/user/orders' : `/user/orders?newer=${page.orders[0]}`);
      }
      if (page.next) {
        expect(page.next[2]).toBe('Next');
        expect(page.next[1]).toBe(`/user/orders?older=${page.orders.at(-1)}`);
      }
      seen.push(...page.orders);
      path = page.next?.[1] ?? null;
    }
    expect(n).toBe(50);
    expect(seen).toEqual(expected);
    // Back, one "Previous" at a time, from the last page: each page the same as on the way there.
    let back: string | null = trail.at(-1)!;
    let k = 50;
    while (back) {
      const page = drawn((await send(server, back, { cookies: [shopper.cookie] })).body);
      expect(page.orders).toEqual(expected.slice((k - 1) * 10, k * 10));
      back = page.prev?.[1] ?? null;
      k--;
    }
    expect(k).toBe(0);
  }, 120_000);
});
