import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { listApiRoutes, request } from './http';
import { guestToken, makeProduct, shopBasics } from './cart-fixtures';
import { getDb, queryRows } from '@/server/db/client';
import { addToCart, firstLineAtOnce } from '@/server/cart/add';

useTestDatabase({ demo: true });

const routes = listApiRoutes();
let productId: number;
beforeAll(async () => {
  const b = await shopBasics();
  productId = (await makeProduct({ storeId: b.storeA.id, categoryId: b.categoryId, selling: 2500, stock: 10, maxPerOrder: 5 })).id;
});

const json = (token: string, body: unknown, method = 'POST') => ({
  method,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});

describe('cart API', () => {
  it('adds for a Bearer guest token, ignores the price sent, and lists the cart', async () => {
    const token = guestToken();
    const res = await request(routes, '/api/v1/cart/action', json(token, { product_id: productId, quantity: 2, price: 1 }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 200, message: 'Product added to cart', data: { quantity: 2, cartCount: 2 } });
    expect(res.headers.get('set-cookie')).toContain('cart_count=2');
    const list = await (await request(routes, '/api/v1/cart/by-user', { headers: { authorization: `Bearer ${token}` } })).json();
    expect(list.data.cartCount).toBe(2);
    expect(list.data.cartProducts[0]).toMatchObject({
      id: body.data.id,
      product_id: productId,
      quantity: 2,
      selected: 1,
      unit_price: 2500,
      line_total: 5000,
    });
    expect(list.data.totals.total).toBe(5000);
  });

  it('answers the spec messages in the envelope with status 201 and a truthful HTTP status', async () => {
    const token = guestToken();
    const res = await request(routes, '/api/v1/cart/action', json(token, { product_id: productId, quantity: 6 }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      status: 201,
      message: 'Maximum quantity exceeds.',
      data: { form: ['Maximum quantity exceeds.'] },
    });
    const bad = await request(routes, '/api/v1/cart/action', json(token, { product_id: 'abc' }));
    expect(bad.status).toBe(422);
    expect(await request(routes, '/api/v1/cart/action', { method: 'GET' })).toHaveProperty('status', 405);
  });

  it("answers 404 for another owner's line and keeps it", async () => {
    const owner = guestToken();
    const line = (await (await request(routes, '/api/v1/cart/action', json(owner, { product_id: productId, quantity: 1 }))).json()).data.id;
    const other = guestToken();
    const res = await request(routes, `/api/v1/cart/${line}`, { method: 'DELETE', headers: { authorization: `Bearer ${other}` } });
    expect(res.status).toBe(404);
    expect((await res.json()).status).toBe(404);
    const change = await request(routes, '/api/v1/cart/change', json(other, { checked: [line], unchecked: [] }));
    expect(change.status).toBe(404);
    const mine = await request(routes, `/api/v1/cart/${line}`, { method: 'DELETE', headers: { authorization: `Bearer ${owner}` } });
    expect(await mine.json()).toMatchObject({ status: 200, data: { id: line, cartCount: 0 } });
  });

  it('gives a cookie-less browser a guest cookie, and answers a plain form with a 303 and a flash', async () => {
    const res = await request(routes, '/api/v1/cart/action', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://127.0.0.1:4321' },
      body: new URLSearchParams({ product_id: String(productId), quantity: '1', _from: '/some/product/page' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/some/product/page');
    const cookies = res.headers.get('set-cookie') ?? '';
    expect(cookies).toMatch(/frontend_guest=[A-Za-z0-9_-]{16,}/);
    expect(cookies).toContain('HttpOnly');
    expect(cookies).toContain('cart_count=1');
    expect(cookies).toContain('frontend_flash=');
  });

  it('sends a guest to sign in for update-shipping', async () => {
    const res = await request(routes, '/api/v1/cart/update-shipping', json(guestToken(), { shipping_type: 2 }));
    expect(res.status).toBe(401);
  });
});

describe("a new guest's first add (the token made by the request: cart and line in one statement)", () => {
  const firstAdd = (body: Record<string, unknown>) =>
    request(routes, '/api/v1/cart/action', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const tokenOf = (res: Response) => /frontend_guest=([A-Za-z0-9_-]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  const cartsOf = (token: string) =>
    queryRows<{
      id: number;
      user_id: number | null;
      lines: { product_id: number; inventory_id: number | null; quantity: number; selected: number; bundle_deal_id: number | null }[];
    }>(
      getDb(),
      sql`select c.id, c.user_id, coalesce((select json_agg(json_build_object('product_id', l.product_id, 'inventory_id', l.inventory_id,
            'quantity', l.quantity, 'selected', l.selected, 'bundle_deal_id', l.bundle_deal_id) order by l.id)
          from cart_lines l where l.cart_id = c.id), '[]') as lines
        from carts c where c.guest_token = ${token}`,
    );
  const cartTotal = async () => Number((await queryRows<{ n: string }>(getDb(), sql`select count(*) as n from carts`))[0]!.n);

  it('makes the cart and its checked line, answers the count, and the cookie finds that cart', async () => {
    const res = await firstAdd({ product_id: productId, quantity: 3 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 200, message: 'Product added to cart', data: { quantity: 3, cartCount: 3 } });
    expect(res.headers.get('set-cookie')).toContain('cart_count=3');
    const token = tokenOf(res)!;
    expect(token).toBeTruthy();
    expect(await cartsOf(token)).toEqual([
      {
        id: expect.any(Number),
        user_id: null,
        lines: [{ product_id: productId, inventory_id: null, quantity: 3, selected: 1, bundle_deal_id: null }],
      },
    ]);
    const again = await request(routes, '/api/v1/cart/action', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `frontend_guest=${token}` },
      body: JSON.stringify({ product_id: productId, quantity: 1 }),
    });
    expect((await again.json()).data).toMatchObject({ id: body.data.id, quantity: 4, cartCount: 4 });
  });

  it("takes the variant asked for and the product's bundle deal", async () => {
    const b = await shopBasics();
    const p = await makeProduct({
      storeId: b.storeA.id,
      categoryId: b.categoryId,
      bundle: { buy: 2, free: 1 },
      variants: [
        { price: 0, quantity: 3 },
        { price: 0, quantity: 8 },
      ],
    });
    const res = await firstAdd({ product_id: p.id, quantity: 2, inventory_id: p.variantIds[1], bundle_deal_id: p.dealId });
    expect(res.status).toBe(200);
    expect((await cartsOf(tokenOf(res)!))[0]!.lines).toEqual([
      { product_id: p.id, inventory_id: p.variantIds[1], quantity: 2, selected: 1, bundle_deal_id: p.dealId },
    ]);
  });

  it('writes no cart when the add is refused (a rule broken, an unknown product, a deal not offered, a variant not chosen)', async () => {
    const b = await shopBasics();
    const withVariants = await makeProduct({
      storeId: b.storeA.id,
      categoryId: b.categoryId,
      variants: [
        { price: 0, quantity: 3 },
        { price: 0, quantity: 8 },
      ],
    });
    const before = await cartTotal();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ product_id: productId, quantity: 6 }, 422, 'Maximum quantity exceeds.'],
      [{ product_id: productId, quantity: 11 }, 0, ''],
      [{ product_id: 999_999_999, quantity: 1 }, 404, ''],
      [{ product_id: productId, quantity: 1, bundle_deal_id: 12345 }, 422, 'This bundle deal is not offered for this product.'],
      [{ product_id: withVariants.id, quantity: 1 }, 0, ''],
    ];
    for (const [body, status, message] of refusals) {
      const res = await firstAdd(body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      if (status) expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect((await res.json()).message).toBe(message);
      expect(res.headers.get('set-cookie') ?? '').not.toMatch(/cart_count=\d/);
    }
    expect(await cartTotal()).toBe(before);
  });

  it('answers and writes as the ordinary path does, whichever rule or variant the add meets', async () => {
    const b = await shopBasics();
    const make = (spec: Partial<Parameters<typeof makeProduct>[0]>) =>
      makeProduct({ storeId: b.storeA.id, categoryId: b.categoryId, ...spec });
    const plain = await make({ stock: 4, maxPerOrder: 3 });
    const noLimit = await make({ stock: 4, maxPerOrder: 0 });
    const soldOut = await make({ stock: 0 });
    const withDeal = await make({ stock: 9, bundle: { buy: 2, free: 1 } });
    const withVariants = await make({
      variants: [
        { price: 0, quantity: 0 },
        { price: 0, quantity: 5 },
      ],
    });
    const oneWithAttributes = await make({ variants: [{ price: 0, quantity: 5 }] });
    // A lone variant without attributes (taken for the shopper), and one archived beside it.
    const lone = await make({ stock: 99 });
    const [bare] = await queryRows<{ id: number }>(
      getDb(),
      sql`insert into inventories (product_id, price, quantity) values (${lone.id}, 0, 2) returning id`,
    );
    await getDb().execute(sql`insert into inventories (product_id, price, quantity, archived_at) values (${lone.id}, 0, 50, now())`);
    const [closedStore] = await queryRows<{ id: number }>(
      getDb(),
      sql`insert into stores (name, slug, status) select name || ' closed', slug || '-closed-' || ${String(Date.now())}, 0 from stores where id = ${b.storeA.id} returning id`,
    );
    const closed = await makeProduct({ storeId: closedStore!.id, categoryId: b.categoryId });
    const cases: Record<string, unknown>[] = [
      { product_id: plain.id, quantity: 3 },
      { product_id: plain.id, quantity: 4 },
      { product_id: plain.id, quantity: 0 },
      { product_id: plain.id, quantity: 1.5 },
      { product_id: plain.id, quantity: 1, inventory_id: withVariants.variantIds[1] },
      { product_id: noLimit.id, quantity: 4 },
      { product_id: noLimit.id, quantity: 5 },
      { product_id: soldOut.id, quantity: 1 },
      { product_id: withDeal.id, quantity: 2, bundle_deal_id: withDeal.dealId },
      { product_id: withDeal.id, quantity: 2, bundle_deal_id: plain.id },
      { product_id: withVariants.id, quantity: 1 },
      { product_id: withVariants.id, quantity: 1, inventory_id: withVariants.variantIds[0] },
      { product_id: withVariants.id, quantity: 5, inventory_id: withVariants.variantIds[1] },
      { product_id: withVariants.id, quantity: 6, inventory_id: withVariants.variantIds[1] },
      { product_id: withVariants.id, quantity: 1, inventory_id: oneWithAttributes.variantIds[0] },
      { product_id: oneWithAttributes.id, quantity: 1 },
      { product_id: oneWithAttributes.id, quantity: 1, inventory_id: oneWithAttributes.variantIds[0] },
      { product_id: lone.id, quantity: 2 },
      { product_id: lone.id, quantity: 3 },
      { product_id: lone.id, quantity: 1, inventory_id: bare!.id },
      { product_id: closed.id, quantity: 1 },
      { product_id: 999_999_999, quantity: 1 },
    ];
    const outcome = async (fresh: boolean, body: Record<string, unknown>) => {
      const token = guestToken();
      const answer = await addToCart({ guestToken: token, fresh }, body as never).then(
        (r) => ({ quantity: r.quantity, cartCount: r.cartCount }),
        (err: Error) => ({ error: err.message }),
      );
      const carts = await cartsOf(token);
      return { answer, lines: carts.flatMap((c) => c.lines) };
    };
    for (const body of cases) {
      expect(await outcome(true, body), JSON.stringify(body)).toEqual(await outcome(false, body));
    }
    // The usual adds are written by the one statement itself (not left to the two-step path); the rest fall to it.
    const atOnce = async (body: Record<string, unknown>) => (await firstLineAtOnce(guestToken(), body as never)) !== null;
    expect(await atOnce({ product_id: plain.id, quantity: 3 })).toBe(true);
    expect(await atOnce({ product_id: lone.id, quantity: 2 })).toBe(true);
    expect(await atOnce({ product_id: withVariants.id, quantity: 5, inventory_id: withVariants.variantIds[1] })).toBe(true);
    expect(await atOnce({ product_id: withDeal.id, quantity: 2, bundle_deal_id: withDeal.dealId })).toBe(true);
    expect(await atOnce({ product_id: withVariants.id, quantity: 1 })).toBe(false);
    expect(await atOnce({ product_id: soldOut.id, quantity: 1 })).toBe(false);
    expect(await atOnce({ product_id: closed.id, quantity: 1 })).toBe(false);
    // Both ways were met: adds and refusals.
    const answers = await Promise.all(cases.map((body) => outcome(true, body)));
    expect(answers.filter((a) => 'error' in a.answer).length).toBeGreaterThan(5);
    expect(answers.filter((a) => !('error' in a.answer)).length).toBeGreaterThan(5);
  });

  it('adds to the cart already holding a token said to be new (the ordinary path, the rules counting what is there)', async () => {
    const token = guestToken();
    await addToCart({ guestToken: token }, { product_id: productId, quantity: 2 });
    expect(await addToCart({ guestToken: token, fresh: true }, { product_id: productId, quantity: 2 })).toMatchObject({
      quantity: 4,
      cartCount: 4,
    });
    await expect(addToCart({ guestToken: token, fresh: true }, { product_id: productId, quantity: 2 })).rejects.toMatchObject({
      message: 'Maximum quantity exceeds.',
    });
    expect((await cartsOf(token))[0]!.lines.map((l) => l.quantity)).toEqual([4]);
  });
});
