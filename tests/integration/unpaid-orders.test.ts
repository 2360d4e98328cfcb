import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { createSession } from '@/server/auth/sessions';
import { getDb, queryRows } from '@/server/db/client';
import { getSettings, putSetting } from '@/server/settings';
import { settleAfterAnswer } from '@/server/core/background';
import { expireUnpaidOrders } from '@/server/orders/expiry';
import { useScratchOutbox } from './auth-helpers';
import { listApiRoutes, request } from './http';
import { makeProduct, shopBasics } from './cart-fixtures';
import { makeVoucher, putInCart, shopper, stockOf } from './checkout-fixtures';
import { TEST_KEYS } from './payment-fixtures';

// A card gateway that does not answer: it accepts the connection and never replies.
useTestDatabase({ demo: true });
useScratchOutbox();
const routes = listApiRoutes();
afterEach(settleAfterAnswer);

let silent: Server;
let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[k];
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

async function signedIn() {
  const u = await shopper();
  const { token } = await createSession(u.id, {});
  const call = (path: string, body: unknown) =>
    request(routes, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  return { u, call };
}

/** A Stripe order of 2 units (with a voucher) placed while Stripe does not answer. */
async function unpaidCardOrder(withVoucher = true) {
  const buyer = await signedIn();
  const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 3000, stock: 10 });
  const v = await makeVoucher({ priceType: 1, amount: 100, usageLimit: 5 });
  await putInCart(buyer.u.id, p.id, 2);
  const res = await buyer.call('/api/v1/order/action', {
    address_id: buyer.u.addressId,
    payment_method: 3,
    voucher_code: withVoucher ? v.code : undefined,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const placed = (await res.json()).data as { order_id: number; order_no: string; payment: { next: string } };
  return { ...buyer, placed, productId: p.id, voucherId: v.id };
}

const orderRow = async (id: number) =>
  (
    await queryRows<{ status: string; payment_method: number }>(getDb(), sql`select status, payment_method from orders where id = ${id}`)
  )[0]!;
const paymentRow = async (orderNo: string) =>
  (
    await queryRows<{ status: string; method: number; gateway: string }>(
      getDb(),
      sql`select status, method, gateway from payments where order_no = ${orderNo}`,
    )
  )[0]!;
const usedCount = async (voucherId: number) =>
  (await queryRows<{ used_count: number }>(getDb(), sql`select used_count from vouchers where id = ${voucherId}`))[0]!.used_count;
const age = (orderNo: string, minutes: number) =>
  getDb().execute(sql`update orders set created_at = now() - make_interval(mins => ${minutes}) where order_no = ${orderNo}`);

describe('a card gateway that does not answer', () => {
  it('gives up soon: the shopper lands on the fail page, and the order can be paid another way', { timeout: 15_000 }, async () => {
    const { call, placed } = await unpaidCardOrder();
    expect(placed.payment.next).toBe(`/user/order/fail/${placed.order_id}`);
    const cod = await call('/api/v1/order/payment-method', { order_id: placed.order_id, payment_method: 2 });
    expect(cod.status, await cod.clone().text()).toBe(200);
    expect((await cod.json()).data).toMatchObject({ order_id: placed.order_id, payment_method: 2, next: `/user/order/${placed.order_id}` });
    expect(await orderRow(placed.order_id)).toEqual({ status: 'pending', payment_method: 2 });
    expect(await paymentRow(placed.order_no)).toEqual({ status: 'pending', method: 2, gateway: 'cod' });
    // Cash on delivery waits for the delivery: it never expires.
    await age(placed.order_no, 600);
    expect(await expireUnpaidOrders()).toEqual([]);
    expect((await orderRow(placed.order_id)).status).toBe('pending');
  });

  it('an unpaid card order gives its stock and voucher back after the minutes the operator set', { timeout: 15_000 }, async () => {
    const { call, placed, productId, voucherId } = await unpaidCardOrder();
    expect(await stockOf(productId)).toBe(8);
    expect(await usedCount(voucherId)).toBe(1);
    await age(placed.order_no, 20);
    expect(await expireUnpaidOrders()).toEqual([]); // the default is 30 minutes
    const before = (await getSettings()).setting;
    await putSetting('setting', { ...before, unpaid_order_minutes: 15 });
    try {
      const expired = await expireUnpaidOrders();
      expect(expired.map((c) => [c.order_id, c.to])).toEqual([[placed.order_id, 'cancelled']]);
    } finally {
      await putSetting('setting', before);
    }
    expect((await orderRow(placed.order_id)).status).toBe('cancelled');
    expect((await paymentRow(placed.order_no)).status).toBe('failed');
    expect(await stockOf(productId)).toBe(10);
    expect(await usedCount(voucherId)).toBe(0);
    const [reason] = await queryRows<{ reason: string }>(
      getDb(),
      sql`select reason from cancellations where order_id = ${placed.order_id}`,
    );
    expect(reason!.reason).toMatch(/not completed in time/);
    // Nothing left to pay: the retry refuses.
    const late = await call('/api/v1/order/payment-method', { order_id: placed.order_id, payment_method: 2 });
    expect([late.status, (await late.json()).message]).toEqual([
      422,
      'This order can no longer be paid: it is cancelled, paid or already on its way.',
    ]);
  });

  it('placing the same cart again reuses the unpaid order instead of holding the stock twice', { timeout: 30_000 }, async () => {
    const { u, call, placed, productId } = await unpaidCardOrder(false);
    const again = async (method: number) => {
      await putInCart(u.id, productId, 2);
      const res = await call('/api/v1/order/action', { address_id: u.addressId, payment_method: method });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()).data as { order_id: number; payment: { method: number; next: string } };
    };
    const second = await again(3);
    expect(second.order_id).toBe(placed.order_id);
    expect(second.payment.next).toBe(`/user/order/fail/${placed.order_id}`);
    // The shopper gives up on the card: the same order, now cash on delivery, goes to success.
    const third = await again(2);
    expect(third).toMatchObject({ order_id: placed.order_id, payment: { method: 2, next: `/user/order/success/${placed.order_id}` } });
    expect(await stockOf(productId)).toBe(8);
    const [n] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from orders where user_id = ${u.id}`);
    expect(n!.n).toBe(1);
    expect(await paymentRow(placed.order_no)).toEqual({ status: 'pending', method: 2, gateway: 'cod' });
  });

  it(
    'placing the same cart again with a voucher the shopper may use once reuses the unpaid order that holds it',
    { timeout: 30_000 },
    async () => {
      const buyer = await signedIn();
      const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 3000, stock: 10 });
      const v = await makeVoucher({ priceType: 1, amount: 100, usageLimit: 5, perUserLimit: 1 });
      const place = async (method: number, code = v.code) => {
        await putInCart(buyer.u.id, p.id, 2);
        return buyer.call('/api/v1/order/action', { address_id: buyer.u.addressId, payment_method: method, voucher_code: code });
      };
      const first = await place(3);
      expect(first.status, await first.clone().text()).toBe(200);
      const placed = (await first.json()).data as { order_id: number };
      // Stripe did not answer; the shopper chooses cash on delivery for the same cart and voucher.
      const again = await place(2);
      expect(again.status, await again.clone().text()).toBe(200);
      expect((await again.json()).data).toMatchObject({ order_id: placed.order_id, payment: { method: 2 } });
      expect(await usedCount(v.id)).toBe(1);
      expect(await stockOf(p.id)).toBe(8);
      // Another cart (other quantities) is not that purchase: the voucher's one use is taken.
      await putInCart(buyer.u.id, p.id, 3);
      const other = await buyer.call('/api/v1/order/action', { address_id: buyer.u.addressId, payment_method: 2, voucher_code: v.code });
      expect(other.status).toBe(422);
    },
  );

  it("refuses a method the shop does not offer, and another user's order", { timeout: 15_000 }, async () => {
    const { call, placed } = await unpaidCardOrder();
    const paypal = await call('/api/v1/order/payment-method', { order_id: placed.order_id, payment_method: 4 });
    expect([paypal.status, (await paypal.json()).message]).toEqual([422, 'This payment method is not available. Choose another one.']);
    const other = await signedIn();
    expect((await other.call('/api/v1/order/payment-method', { order_id: placed.order_id, payment_method: 2 })).status).toBe(404);
  });
});
