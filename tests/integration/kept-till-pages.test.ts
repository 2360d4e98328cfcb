import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { startAstroRenderer, localsWith, type AstroRenderer } from '../unit/astro-render';
import { getDatabase, getDb } from '@/server/db/client';
import { addresses, products, shippingPlaces, vouchers } from '@/server/db/schema';
import { clearMemos } from '@/server/core/memo';
import { stockChanged } from '@/server/core/stock-changes';
import type { SessionUser } from '@/server/core/actor';
import { placeOrder } from '@/server/orders/place';
import { forgetKeptCartPages, withKeptCartPage } from '@/server/web/kept-cart-pages';
import { useStoppedClock } from '../setup/clock';
import { makeProduct, makeRule, shopBasics } from './cart-fixtures';
import { countRows, makeVoucher, orderBody, putInCart, shopper } from './checkout-fixtures';

/**
 * /shipping and /checkout kept per shopper (issue 39, web/kept-cart-pages.ts): the real pages, drawn as
 * the server draws them, through the step that keeps them. By harm: two shoppers never get each other's
 * kept page; a price, stock, address, voucher or shipping-rule change shows on the very next request of
 * both pages; one kept /checkout submitted twice is one order, two purchases are two orders.
 */
useTestDatabase({ demo: true });
// A page is kept 10 s: the clock stands still, so every repeat is a hit however slow the machine.
useStoppedClock();

let renderer: AstroRenderer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pages: Record<string, any> = {};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let pageMemos: any;
let basics: Awaited<ReturnType<typeof shopBasics>>;

beforeAll(async () => {
  basics = await shopBasics();
  renderer = await startAstroRenderer();
  // The pages' modules are loaded by Vite, apart from the test's: give them this test's database.
  (await renderer.module('/src/server/db/client.ts')).setDatabase(getDatabase());
  pageMemos = await renderer.module('/src/server/core/memo.ts');
  pages['/shipping'] = await renderer.load('/src/pages/shipping.astro');
  pages['/checkout'] = await renderer.load('/src/pages/checkout.astro');
}, 120_000);
afterAll(() => renderer?.close());
beforeEach(() => forgetKeptCartPages());

/** What an announced change does on every process: the test's caches and the pages' own copies of them. */
const announced = () => {
  clearMemos();
  pageMemos.clearMemos();
};

/** The page as the server sends it to this shopper: the kept-page step, then the page drawn as compress-once sends it. */
async function served(who: SessionUser, pathAndQuery: string) {
  const locals = localsWith({ user: who, sessionHash: 'h' });
  const request = new Request(`http://shop.test${pathAndQuery}`, { headers: { 'accept-encoding': 'identity' } });
  const ctx = { url: new URL(request.url), request, locals, cookies: { *headers() {} } } as unknown as APIContext;
  const path = pathAndQuery.split('?')[0]!;
  const res = await withKeptCartPage(ctx, null, async () => {
    const drawn = await renderer.container.renderToResponse(pages[path], { locals, request });
    const body = Buffer.from(await drawn.arrayBuffer());
    const headers = new Headers(drawn.headers);
    headers.set('content-length', String(body.length));
    return new Response(drawn.status === 200 ? body : null, { status: drawn.status, headers });
  });
  return { from: res.headers.get('x-page-cache'), status: res.status, html: await res.text(), location: res.headers.get('location') };
}

const totalOf = (html: string) => /data-total>([^<]+)</.exec(html)?.[1];
const shippingTotalOf = (html: string) => /data-total-shipping>([^<]+)</.exec(html)?.[1];
const keyOf = (html: string) => /name="idempotency_key" value="([^"]+)"/.exec(html)?.[1];
const titleOf = async (id: number) => (await getDb().select({ title: products.title }).from(products).where(eq(products.id, id)))[0]!.title;

/** A shopper in California with `quantity` of a new product (under a rule charging 500 to the US) in the cart. */
async function buyer(selling = 2000, quantity = 1) {
  const who = await shopper('US', 'CA');
  const rule = await makeRule([{ country: 'US', price: 500 }]);
  const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling, stock: 40, shippingRuleId: rule });
  await putInCart(who.id, p.id, quantity);
  return { who, product: p.id, rule };
}

describe('/shipping and /checkout kept per shopper', () => {
  it('never give one shopper another’s kept page', async () => {
    const ada = await buyer(2000);
    const bob = await buyer(3000);
    const [adaTitle, bobTitle] = [await titleOf(ada.product), await titleOf(bob.product)];
    for (const path of ['/shipping', '/checkout']) {
      for (let round = 0; round < 3; round++) {
        for (const [mine, title, other] of [
          [ada, adaTitle, bobTitle],
          [bob, bobTitle, adaTitle],
        ] as const) {
          const { from, status, html } = await served(mine.who, path);
          expect(status, `${path} ${html.slice(0, 200)}`).toBe(200);
          expect(from, `${path}, round ${round}`).toBe(round === 0 ? 'miss, yours' : 'hit, yours');
          expect(html).toContain(title);
          expect(html).not.toContain(other);
        }
      }
    }
    // The same choice carried in the query is kept apart from the page without it, still per shopper.
    const q = `/checkout?address_id=${ada.who.addressId}&shipping_type=1`;
    expect((await served(ada.who, q)).from).toBe('miss, yours');
    expect((await served(bob.who, `/checkout?address_id=${ada.who.addressId}&shipping_type=1`)).html).not.toContain(adaTitle);
    expect((await served(ada.who, q)).from).toBe('hit, yours');
    // Another query parameter is not a choice the pages carry: drawn every time.
    expect((await served(ada.who, '/checkout?utm=1')).from).toBeNull();
  });

  it('show a price, stock, address, voucher or shipping-rule change on the very next request', async () => {
    const { who, product, rule } = await buyer(2000, 2);
    const voucher = await makeVoucher({ priceType: 1, amount: 500 });
    const withVoucher = `/checkout?voucher=${voucher.code}`;
    const both = async () => {
      const shipping = await served(who, '/shipping');
      const checkout = await served(who, '/checkout');
      const vouchered = await served(who, withVoucher);
      return { shipping, checkout, vouchered };
    };
    const kept = async () => {
      await both();
      const again = await both();
      expect([again.shipping.from, again.checkout.from, again.vouchered.from]).toEqual(['hit, yours', 'hit, yours', 'hit, yours']);
      return again;
    };

    let seen = await kept();
    // 2 × $20 + $5 shipping; the voucher takes $5.
    expect(totalOf(seen.checkout.html)).toBe('$45');
    expect(shippingTotalOf(seen.shipping.html)).toBe('$5');
    expect(totalOf(seen.vouchered.html)).toBe('$40');

    // A price, changed from the back office (its save announces the change).
    await getDb().update(products).set({ selling: 2500 }).where(eq(products.id, product));
    announced();
    seen = await both();
    expect(totalOf(seen.checkout.html), 'price').toBe('$55');
    expect(seen.shipping.html, 'price').toContain('$50');
    seen = await kept();

    // A shipping rule's price for the address's country (its save announces the change).
    await getDb().update(shippingPlaces).set({ price: 700 }).where(eq(shippingPlaces.shippingRuleId, rule));
    announced();
    seen = await both();
    expect(shippingTotalOf(seen.shipping.html), 'shipping rule').toBe('$7');
    expect(totalOf(seen.checkout.html), 'shipping rule').toBe('$57');
    seen = await kept();

    // A voucher's amount (its save announces the change).
    await getDb().update(vouchers).set({ amount: 1000 }).where(eq(vouchers.id, voucher.id));
    announced();
    expect(totalOf((await served(who, withVoucher)).html), 'voucher').toBe('$47');
    seen = await kept();

    // The shipping address, edited by its owner (nothing announced: the pages' stamp reads it).
    await getDb().update(addresses).set({ city: 'Sacramento' }).where(eq(addresses.id, who.addressId));
    seen = await both();
    expect(seen.shipping.from, 'address').toBe('miss, yours');
    expect(seen.shipping.html, 'address').toContain('Sacramento');
    expect(seen.checkout.html, 'address').toContain('Sacramento');
    seen = await kept();

    // Stock taken by someone's order on this process. Neither page shows a stock figure (the order takes the
    // stock at that moment), but anything drawn from it would be stale: both are drawn afresh.
    await getDb().update(products).set({ stock: 1 }).where(eq(products.id, product));
    stockChanged();
    const afresh = await both();
    expect([afresh.shipping.from, afresh.checkout.from, afresh.vouchered.from], 'stock').toEqual([
      'miss, yours',
      'miss, yours',
      'miss, yours',
    ]);
  });

  it('a kept /checkout submitted twice is one order; two purchases are two orders', async () => {
    const { who, product } = await buyer(2000, 1);
    const first = await served(who, '/checkout');
    const again = await served(who, '/checkout');
    expect(again.from).toBe('hit, yours');
    const key = keyOf(again.html)!;
    expect(key).toBeTruthy();
    expect(keyOf(first.html)).toBe(key);
    const orders = () => countRows('orders', sql`user_id = ${who.id}`);
    const submit = (idempotency_key: string) =>
      placeOrder(who, orderBody({ idempotency_key, address_id: who.addressId, shipping_type: 1, payment_method: 2 }));
    // A double click on the one page: the second submit gets the first order back.
    const one = await submit(key);
    const two = await submit(key);
    expect(two.replayed).toBe(true);
    expect(two.order_no).toBe(one.order_no);
    expect(await orders()).toBe(1);
    // A second purchase of the same product: its checkout is a new page with a new key, and a new order.
    await putInCart(who.id, product, 1);
    const next = await served(who, '/checkout');
    expect(next.from).toBe('miss, yours');
    const nextKey = keyOf(next.html)!;
    expect(nextKey).not.toBe(key);
    const three = await submit(nextKey);
    expect(three.replayed).toBe(false);
    expect(three.order_no).not.toBe(one.order_no);
    expect(await orders()).toBe(2);
  });
});
