import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { createSession } from '@/server/auth/sessions';
import { useScratchOutbox } from './auth-helpers';
import { readOutbox } from '@/server/mail/outbox';
import { settleAfterAnswer } from '@/server/core/background';
import { listApiRoutes, request } from './http';
import { makeProduct, shopBasics } from './cart-fixtures';
import { makeVoucher, putInCart, shopper, stockOf } from './checkout-fixtures';

useTestDatabase({ demo: true });
const outbox = useScratchOutbox();
const routes = listApiRoutes();

// Confirmation mails are sent after the answer: let them finish while this file's database is open.
afterEach(settleAfterAnswer);

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

async function signedIn() {
  const u = await shopper();
  const { token } = await createSession(u.id, {});
  const call = (path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
    request(routes, path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
  return { u, call };
}

describe('order/action over HTTP', () => {
  it('places a cash-on-delivery order once per Idempotency-Key, answers the contract and mails the confirmation', async () => {
    const { u, call } = await signedIn();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1999, stock: 10 });
    await putInCart(u.id, p.id, 2);
    const body = { address_id: u.addressId, shipping_type: 1, payment_method: 2, total: 1, price: 1, discount: 1999, tax: 0 };
    const first = await call('/api/v1/order/action', body, { 'idempotency-key': 'http-key-000001' });
    expect(first.status).toBe(200);
    const placed = (await first.json()).data;
    expect(placed).toMatchObject({ total: 3998, payment: { method: 2, status: 0, next: `/user/order/success/${placed.order_id}` } });
    expect(placed.orders).toEqual([expect.objectContaining({ id: placed.order_id, store_id: basics.storeA.id, total: 3998 })]);
    const again = await call('/api/v1/order/action', body, { 'idempotency-key': 'http-key-000001' });
    expect((await again.json()).data).toEqual(placed);
    expect(await stockOf(p.id)).toBe(8);
    await settleAfterAnswer();
    const mails = (await readOutbox(outbox)).filter((m) => m.to === u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(placed.order_no);
    expect(mails[0]!.text).toContain('Cash on delivery');
    // The confirmation again, on request.
    expect((await call('/api/v1/order/send-order-email', { order_id: placed.order_id })).status).toBe(200);
    await settleAfterAnswer();
    expect((await readOutbox(outbox)).filter((m) => m.to === u.email)).toHaveLength(2);
  });

  it("answers the spec's shipping messages with status 201, and 401 for a guest", async () => {
    const { u, call } = await signedIn();
    const none = await call('/api/v1/order/action', { payment_method: 2 });
    expect([none.status, (await none.json()).message]).toEqual([422, 'Please add an address first.']);
    const empty = await call('/api/v1/order/action', { address_id: u.addressId, payment_method: 2 });
    expect(await empty.json()).toMatchObject({
      status: 201,
      message: "You don't have any product selected. Please a select a product first.",
    });
    const guest = await request(routes, '/api/v1/order/action', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address_id: 1, payment_method: 2 }),
    });
    expect(guest.status).toBe(401);
  });

  it('voucher/validity and order/payment-tax answer before paying', async () => {
    const { u, call } = await signedIn();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 5000, stock: 10 });
    await putInCart(u.id, p.id, 1);
    const v = await makeVoucher({ priceType: 2, amount: 10, maxDiscount: 0 });
    const ok = await call('/api/v1/voucher/validity', { code: v.code });
    expect((await ok.json()).data).toMatchObject({ code: v.code, price_type: 2, amount: 10, discount: 500 });
    const bad = await call('/api/v1/voucher/validity', { code: 'NOPE' });
    expect([bad.status, (await bad.json()).status]).toEqual([422, 201]);
    const tax = await call('/api/v1/order/payment-tax', { address_id: u.addressId, voucher_code: v.code });
    expect((await tax.json()).data).toMatchObject({ tax: 0, totals: { subtotal: 5000, discount: 500, total: 4500 } });
  });

  it('visited-pages: GET 0, POST records 1, PUT sets the count; another user gets 404', async () => {
    const { u, call } = await signedIn();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, stock: 10 });
    await putInCart(u.id, p.id, 1);
    const placed = (await (await call('/api/v1/order/action', { address_id: u.addressId, payment_method: 2 })).json()).data;
    const path = `/api/v1/visited-pages/${placed.order_id}`;
    expect((await (await call(`${path}?link=success`, null, {}, 'GET')).json()).data).toEqual({
      link: 'success',
      order_id: placed.order_id,
      visit_count: 0,
    });
    expect((await (await call(path, { link: 'success' })).json()).data.visit_count).toBe(1);
    expect((await (await call(path, { link: 'success', visit_count: 3 }, {}, 'PUT')).json()).data.visit_count).toBe(3);
    const other = await signedIn();
    expect((await other.call(`${path}?link=success`, null, {}, 'GET')).status).toBe(404);
  });

  it('payment-gateway lists cash on delivery and bank transfer as enabled', async () => {
    const res = await request(routes, '/api/v1/payment-gateway');
    const list = (await res.json()).data.gateways as { id: number; enabled: boolean }[];
    expect(list.filter((g) => g.enabled).map((g) => g.id)).toEqual(expect.arrayContaining([2, 7]));
  });
});
