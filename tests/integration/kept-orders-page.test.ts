import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { startAstroRenderer, localsWith, type AstroRenderer } from '../unit/astro-render';
import { getDatabase, getDb } from '@/server/db/client';
import type { SessionUser } from '@/server/core/actor';
import { placeOrder } from '@/server/orders/place';
import { forgetKeptCartPages, withKeptCartPage } from '@/server/web/kept-cart-pages';
import { useStoppedClock } from '../setup/clock';
import { makeProduct, shopBasics } from './cart-fixtures';
import { orderBody, putInCart, shopper } from './checkout-fixtures';

/**
 * /user/orders and one order's page kept per shopper (issue 39, web/kept-cart-pages.ts): the real page, drawn as the server draws
 * it, through the step that keeps it. By harm: two shoppers never get each other's kept list; an order's
 * change (by any path: here a plain UPDATE, as a gateway's webhook or the back office makes), a new order and
 * a change of the cart's count in the header show on the very next request; each keyset page is its own copy.
 */
useTestDatabase({ demo: true });
// A page is kept 10 s: the clock stands still, so every repeat is a hit however slow the machine.
useStoppedClock();

let renderer: AstroRenderer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let page: any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let orderPage: any;
let basics: Awaited<ReturnType<typeof shopBasics>>;

beforeAll(async () => {
  basics = await shopBasics();
  renderer = await startAstroRenderer();
  (await renderer.module('/src/server/db/client.ts')).setDatabase(getDatabase());
  page = await renderer.load('/src/pages/user/orders.astro');
  orderPage = await renderer.load('/src/pages/user/order/[id].astro');
}, 120_000);
afterAll(() => renderer?.close());
beforeEach(() => forgetKeptCartPages());

async function served(who: SessionUser, pathAndQuery: string) {
  const locals = localsWith({ user: who, sessionHash: 'h' });
  const request = new Request(`http://shop.test${pathAndQuery}`, { headers: { 'accept-encoding': 'identity' } });
  const ctx = { url: new URL(request.url), request, locals, cookies: { *headers() {} } } as unknown as APIContext;
  const one = /^\/user\/order\/(\d+)$/.exec(pathAndQuery);
  const res = await withKeptCartPage(ctx, null, async () => {
    const drawn = one ? await drawOrder(one[1]!, locals, request) : await renderer.container.renderToResponse(page, { locals, request });
    const body = Buffer.from(await drawn.arrayBuffer());
    const headers = new Headers(drawn.headers);
    headers.set('content-length', String(body.length));
    return new Response(drawn.status === 200 ? body : null, { status: drawn.status, headers });
  });
  return { from: res.headers.get('x-page-cache'), status: res.status, html: await res.text() };
}

/** One order's page; not the shopper's (the page rewrites to /404, which the test's renderer has not loaded): a 404. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function drawOrder(id: string, locals: any, request: Request): Promise<Response> {
  try {
    return await renderer.container.renderToResponse(orderPage, { locals, request, params: { id } });
  } catch (err) {
    if (/route \/404/.test((err as Error).message)) return new Response('Not found', { status: 404 });
    throw err;
  }
}

/** The order ids the list shows, in order, and each one's status as written. */
const ordersIn = (html: string) => [...html.matchAll(/data-order="(\d+)"/g)].map((m) => Number(m[1]));
const statusOf = (html: string, id: number) =>
  new RegExp(`data-order="${id}"[\\s\\S]*?data-status>([^<]+)<`).exec(html)?.[1]?.trim();
const badgeOf = (html: string) => /data-cart-count>(\d+)</.exec(html)?.[1] ?? null;

/** A shopper with `n` orders placed (cash on delivery), newest last in the returned ids. */
async function buyerWith(n: number) {
  const who = await shopper('US', 'CA');
  const product = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1500, stock: 500 });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    await putInCart(who.id, product.id, 1);
    const placed = await placeOrder(who, orderBody({ address_id: who.addressId, shipping_type: 1, payment_method: 2 }));
    ids.push(...placed.orders.map((o) => o.id));
  }
  return { who, product: product.id, ids };
}

describe('/user/orders kept per shopper', () => {
  it('never gives one shopper another’s kept list', async () => {
    const a = await buyerWith(2);
    const b = await buyerWith(1);
    const firstA = await served(a.who, '/user/orders');
    expect(firstA.from).toBe('miss, yours');
    expect(ordersIn(firstA.html)).toEqual([...a.ids].reverse());
    const againA = await served(a.who, '/user/orders');
    expect(againA.from).toBe('hit, yours');
    expect(againA.html).toBe(firstA.html);
    // B asks for the same URL right after: their own list, never A's copy.
    const firstB = await served(b.who, '/user/orders');
    expect(firstB.from).toBe('miss, yours');
    expect(ordersIn(firstB.html)).toEqual(b.ids);
    const againB = await served(b.who, '/user/orders');
    expect(againB.from).toBe('hit, yours');
    expect(ordersIn(againB.html)).toEqual(b.ids);
    expect(ordersIn((await served(a.who, '/user/orders')).html)).toEqual([...a.ids].reverse());
  });

  it('shows an order’s change, a new order and the cart’s count on the very next request', async () => {
    const { who, product, ids } = await buyerWith(1);
    const [id] = ids as [number];
    const before = await served(who, '/user/orders');
    expect(statusOf(before.html, id)).toBe('Pending');
    expect((await served(who, '/user/orders')).from).toBe('hit, yours');

    // Whatever path changes the order (a webhook, the back office): its version rises, and the list is drawn again.
    await getDb().execute(sql`update orders set status = 'confirmed' where id = ${id}`);
    const changed = await served(who, '/user/orders');
    expect(changed.from).toBe('miss, yours');
    expect(statusOf(changed.html, id)).toBe('Confirmed');

    // Something put in the cart: the header's badge counts it.
    expect(badgeOf(changed.html)).toBeNull();
    await putInCart(who.id, product, 2);
    const counted = await served(who, '/user/orders');
    expect(counted.from).toBe('miss, yours');
    expect(badgeOf(counted.html)).toBe('2');

    // A new order heads the list.
    const placed = await placeOrder(who, orderBody({ address_id: who.addressId, shipping_type: 1, payment_method: 2 }));
    const next = await served(who, '/user/orders');
    expect(next.from).toBe('miss, yours');
    expect(ordersIn(next.html)).toEqual([placed.orders[0]!.id, id]);
  });

  it('keeps each keyset page as its own copy', async () => {
    const { who, ids } = await buyerWith(11);
    const newest = [...ids].reverse();
    const first = await served(who, '/user/orders');
    expect(ordersIn(first.html)).toEqual(newest.slice(0, 10));
    const olderUrl = `/user/orders?older=${newest[9]}`;
    const older = await served(who, olderUrl);
    expect(older.from).toBe('miss, yours');
    expect(ordersIn(older.html)).toEqual(newest.slice(10));
    expect((await served(who, olderUrl)).from).toBe('hit, yours');
    expect(ordersIn((await served(who, '/user/orders')).html)).toEqual(newest.slice(0, 10));
    // Back towards the newer orders: kept too, its own copy.
    const newerUrl = `/user/orders?newer=${newest[10]}`;
    const newer = await served(who, newerUrl);
    expect(newer.from).toBe('miss, yours');
    expect(ordersIn(newer.html)).toEqual(newest.slice(0, 10));
    expect((await served(who, newerUrl)).from).toBe('hit, yours');
    // A query the page does not read is not kept (each unknown parameter would be a copy of its own).
    expect((await served(who, '/user/orders?utm=x')).from).toBeNull();
  });
});

describe('one order’s page kept per shopper', () => {
  const headingOf = (html: string) => /<h1[^>]*>([^<]+)</.exec(html)?.[1]?.trim();

  it('never gives one shopper another’s kept order page', async () => {
    const a = await buyerWith(1);
    const b = await buyerWith(1);
    const [idA] = a.ids as [number];
    const first = await served(a.who, `/user/order/${idA}`);
    expect(first.status).toBe(200);
    expect(first.from).toBe('miss, yours');
    expect(headingOf(first.html)).toContain(String(idA));
    expect((await served(a.who, `/user/order/${idA}`)).from).toBe('hit, yours');
    // B asks for A's order right after: not A's kept page, and nothing kept for B.
    const stranger = await served(b.who, `/user/order/${idA}`);
    expect(stranger.status).toBe(404);
    expect(stranger.from).toBeNull();
    expect(stranger.html).not.toContain(a.who.email);
    expect(headingOf(stranger.html) ?? '').not.toContain(`#${idA}`);
    expect((await served(b.who, `/user/order/${idA}`)).status).toBe(404);
  });

  it('keeps only the order page itself: not a page under it, nor one whose path merely ends like it', async () => {
    const { who, ids } = await buyerWith(1);
    const [id] = ids as [number];
    for (const path of [`/user/order/${id}/review`, `/elsewhere/user/order/${id}`]) {
      expect((await served(who, path)).from, path).toBeNull();
      expect((await served(who, path)).from, path).toBeNull();
    }
    expect((await served(who, `/user/order/${id}`)).from).toBe('miss, yours');
  });

  it('shows a change of the order, of its payment and of the cart on the very next request', async () => {
    const { who, product, ids } = await buyerWith(1);
    const [id] = ids as [number];
    const url = `/user/order/${id}`;
    const before = await served(who, url);
    expect(before.html).toContain('data-status');
    expect((await served(who, url)).from).toBe('hit, yours');

    await getDb().execute(sql`update orders set status = 'confirmed' where id = ${id}`);
    const confirmed = await served(who, url);
    expect(confirmed.from).toBe('miss, yours');
    expect(confirmed.html).not.toBe(before.html);
    expect((await served(who, url)).from).toBe('hit, yours');

    // A payment row changed without the order's row (a bank transfer's details as the shopper gives them).
    await getDb().execute(sql`update payments set details = ${JSON.stringify({ transaction_id: 'TX-99-KEPT' })}::jsonb
      where order_no = (select order_no from orders where id = ${id})`);
    const paid = await served(who, url);
    expect(paid.from).toBe('miss, yours');

    await putInCart(who.id, product, 3);
    const counted = await served(who, url);
    expect(counted.from).toBe('miss, yours');
    expect(badgeOf(counted.html)).toBe('3');
  });
});
