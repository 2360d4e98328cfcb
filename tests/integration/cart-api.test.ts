import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { listApiRoutes, request } from './http';
import { guestToken, makeProduct, shopBasics } from './cart-fixtures';

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
