import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { createSession } from '@/server/auth/sessions';
import { readOutbox } from '@/server/mail/outbox';
import { settleAfterAnswer } from '@/server/core/background';
import { resetLimit } from '@/server/core/throttle';
import { placeOrder } from '@/server/orders/place';
import { changeStatus } from '@/server/orders/life';
import { TRACK_LIMIT } from '@/server/orders/track';
import { useScratchOutbox } from './auth-helpers';
import { listApiRoutes, request } from './http';
import { makeProduct, shopBasics } from './cart-fixtures';
import { orderBody, putInCart, shopper, stockOf } from './checkout-fixtures';

useTestDatabase({ demo: true });
const outbox = useScratchOutbox();
const routes = listApiRoutes();
afterEach(settleAfterAnswer);
beforeEach(() => resetLimit('track:ip:127.0.0.1'));

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

async function signedInWithOrder(qty = 1) {
  const u = await shopper();
  const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 2500, stock: 10 });
  await putInCart(u.id, p.id, qty);
  const order = await placeOrder(u, orderBody({ address_id: u.addressId }));
  const { token } = await createSession(u.id, {});
  const call = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request(routes, path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { u, p, order, id: order.order_id, call };
}

describe('order/by-user', () => {
  it("lists the user's orders and gives one with status, status_code, lines, totals and history", async () => {
    const { id, call } = await signedInWithOrder(2);
    const list = await call('/api/v1/order/by-user');
    expect(list.status).toBe(200);
    const result = (await list.json()).data.result;
    expect(result).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 1 });
    expect(result.data[0]).toMatchObject({ id, status: 'pending', status_code: 0, payment_status: 0, total: 5000, items: 2 });
    await changeStatus(id, 'confirmed', null);
    const one = (await (await call(`/api/v1/order/by-user?order_id=${id}`)).json()).data;
    expect(one).toMatchObject({ id, status: 'confirmed', status_code: 1, payment_status: 0, totals: { total: 5000 } });
    expect(one.lines).toHaveLength(1);
    expect(one.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'confirmed']);
    expect(typeof one.history[0].at).toBe('string');
  });

  it("answers 404 for another user's order, the same as for no order", async () => {
    const mine = await signedInWithOrder();
    const theirs = await signedInWithOrder();
    const other = await mine.call(`/api/v1/order/by-user?order_id=${theirs.id}`);
    const none = await mine.call('/api/v1/order/by-user?order_id=999999999');
    expect(other.status).toBe(404);
    expect(none.status).toBe(404);
    expect(await other.json()).toEqual(await none.json());
    expect((await mine.call(`/api/v1/cancellation/find/${theirs.id}`)).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await request(routes, '/api/v1/order/by-user');
    expect(res.status).toBe(401);
  });
});

describe('cancellation over HTTP', () => {
  it('cancels with a reason, gives the stock back, mails the shopper; find shows it', async () => {
    const { u, p, id, call } = await signedInWithOrder(3);
    expect(await stockOf(p.id)).toBe(7);
    const noReason = await call('/api/v1/cancellation/cancel-order', { order_id: id, reason: '  ' });
    expect(noReason.status).toBe(422);
    expect((await noReason.json()).message).toBe('Please tell us why you are cancelling this order.');
    const res = await call('/api/v1/cancellation/cancel-order', { order_id: id, reason: 'Ordered twice' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 200,
      message: 'Your order has been cancelled',
      data: { order_id: id, status: 'cancelled' },
    });
    expect(await stockOf(p.id)).toBe(10);
    const again = await call('/api/v1/cancellation/cancel-order', { order_id: id, reason: 'Ordered twice' });
    expect((await again.json()).message).toBe('This order is already cancelled.');
    const found = (await (await call(`/api/v1/cancellation/find/${id}`)).json()).data;
    expect(found).toMatchObject({ order_id: id, reason: 'Ordered twice', status: 'cancelled' });
    await settleAfterAnswer();
    const mail = (await readOutbox(outbox)).filter((m) => m.to === u.email).pop()!;
    expect(mail.subject).toContain(`your order #${id} is Cancelled`);
    expect(mail.text).toContain('Reason: Ordered twice');
  });

  it('refuses a shipped order with the reason, in French too', async () => {
    const { id, call } = await signedInWithOrder();
    await changeStatus(id, 'confirmed', null);
    await changeStatus(id, 'shipped', null);
    const en = await call('/api/v1/cancellation/cancel-order', { order_id: id, reason: 'Late' });
    expect((await en.json()).data.form).toEqual(['This order has already been shipped, so it can no longer be cancelled.']);
    const fr = await call('/api/v1/cancellation/cancel-order', { order_id: id, reason: 'Late' }, { language: 'fr' });
    expect((await fr.json()).message).toBe('Cette commande a déjà été expédiée : elle ne peut plus être annulée.');
  });
});

describe('track-order', () => {
  const track = (q: string) => request(routes, `/api/v1/track-order?${q}`);

  it('shows the timeline for the right email or phone, and nothing personal', async () => {
    const { u, id } = await signedInWithOrder();
    await changeStatus(id, 'confirmed', null);
    const byEmail = await track(`order_id=${id}&email=${encodeURIComponent(u.email.toUpperCase())}`);
    expect(byEmail.status).toBe(200);
    const data = (await byEmail.json()).data;
    expect(data).toMatchObject({ id, status: 'confirmed', status_code: 1 });
    expect(data.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'confirmed']);
    expect(JSON.stringify(data)).not.toContain(u.email);
    // The address book's phone (555-123-4567) typed another way.
    expect((await track(`order_id=%23${id}&phone=${encodeURIComponent('(555) 123 4567')}`)).status).toBe(200);
  });

  it('answers an unknown order and a wrong email or phone the same way', async () => {
    const { id } = await signedInWithOrder();
    const answers = await Promise.all(
      [
        `order_id=${id}&email=someone.else%40example.com`,
        'order_id=999999999&email=someone.else%40example.com',
        `order_id=${id}&phone=555-000-0000`,
        'order_id=NO-SUCH&phone=555-000-0000',
      ].map(async (q) => {
        const res = await track(q);
        return { status: res.status, body: await res.json() };
      }),
    );
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      status: 404,
      body: {
        status: 404,
        message: 'We could not find an order with this number and this email or phone. Check both and try again.',
        data: {
          code: 'NOT_FOUND',
          form: ['We could not find an order with this number and this email or phone. Check both and try again.'],
        },
      },
    });
  });

  it('asks for the number and the email or phone', async () => {
    expect((await (await track('order_id=12')).json()).message).toBe('Enter the email or the phone number you gave with the order.');
    expect((await (await track('email=a%40example.com')).json()).message).toBe('Enter your order number.');
  });

  it('is throttled per address', async () => {
    for (let i = 0; i < TRACK_LIMIT.max; i++) expect((await track('order_id=1&email=x%40example.com')).status).toBe(404);
    const limited = await track('order_id=1&email=x%40example.com');
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/^Too many order look-ups from your network\. Please try again in \d+ minutes?\.$/);
  });
});
