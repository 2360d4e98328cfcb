/**
 * What `/user/order/pay/{id}` shows (payments/pay-page.ts, `loadPayPage`), called directly with the fake gateway
 * (tests/fakes/payments.mjs) in this process: each state of a checkout — paid, closed (with what became of money
 * that came anyway), offline, unavailable, payable — and the gateway reference it keeps. The driver of the
 * module's mutation run (docs/mutation-testing.md, run U), beside tests/unit/payments-pay-page-rules.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { startFakePayments } from '../fakes/payments.mjs';
import { makeShopper, placeCheckout, storeReference, TEST_KEYS } from './payment-fixtures';
import { getDb } from '@/server/db/client';
import { orders, paymentRefunds, payments } from '@/server/db/schema';
import { loadPayPage } from '@/server/payments/pay-page';
import { log } from '@/server/core/logger.mjs';

useTestDatabase();

const ORIGIN = 'https://shop.example';
let fake: Awaited<ReturnType<typeof startFakePayments>>;
let userId: number;
beforeAll(async () => {
  fake = await startFakePayments({
    stripe: {
      secretKey: TEST_KEYS.STRIPE_SECRET_KEY,
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    },
    paypal: { clientId: TEST_KEYS.PAYPAL_CLIENT_ID, clientSecret: TEST_KEYS.PAYPAL_CLIENT_SECRET, webhookId: TEST_KEYS.PAYPAL_WEBHOOK_ID },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, TEST_KEYS, { STRIPE_API_BASE: fake.origin, PAYPAL_API_BASE: fake.paypalBase });
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

const page = (orderId: number, user = userId) => loadPayPage(orderId, user, ORIGIN, 'Kilowatt');
const storedRef = async (paymentId: number) =>
  (await getDb().select({ ref: payments.gatewayRef }).from(payments).where(eq(payments.id, paymentId)))[0]!.ref;

/** A two-store Stripe checkout ($12.34 + $5.00) as checkout leaves it: orders and a pending payment row. */
const stripeCheckout = () => placeCheckout({ userId, totals: [1234, 500], method: 3, gateway: 'stripe' });

describe('the pay page of a checkout', () => {
  it("is 404 for another user's order or no order, in words", async () => {
    const c = await stripeCheckout();
    const other = await makeShopper('Eve');
    const missing = expect.objectContaining({ code: 'NOT_FOUND', message: 'This order could not be found.' });
    await expect(page(c.orderId, other.id)).rejects.toThrow(missing);
    await expect(page(999_999)).rejects.toThrow(missing);
  });

  it('starts a payment for the whole checkout, addressed by its first order, and keeps the reference', async () => {
    const c = await stripeCheckout();
    const shown = await page(c.orderIds[1]!);
    expect(shown).toMatchObject({ orderId: c.orderId, orderNo: c.orderNo, amount: 1734, currency: 'USD', method: 3 });
    if (shown.pay.state !== 'pay') throw new Error(`expected pay, got ${shown.pay.state}`);
    expect(shown.pay.gateway).toBe('stripe');
    expect(shown.pay.start).toMatchObject({ kind: 'client', publicKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY });
    const intent = fake.stripeIntent(shown.pay.start.reference);
    expect(intent).toMatchObject({
      amount: 1734,
      currency: 'usd',
      description: `Kilowatt order ${c.orderNo}`,
      metadata: { order_id: String(c.orderId) },
    });
    expect(await storedRef(c.paymentId)).toBe(shown.pay.start.reference);
  });

  it('offers the same intent again while Stripe can take it, and a new one (stored) when it cannot', async () => {
    const c = await stripeCheckout();
    const first = await page(c.orderId);
    if (first.pay.state !== 'pay') throw new Error('pay');
    const again = await page(c.orderId);
    expect(again.pay).toEqual(first.pay);
    fake.stripeIntent(first.pay.start.reference).status = 'canceled';
    const fresh = await page(c.orderId);
    if (fresh.pay.state !== 'pay') throw new Error('pay');
    expect(fresh.pay.start.reference).not.toBe(first.pay.start.reference);
    expect(await storedRef(c.paymentId)).toBe(fresh.pay.start.reference);
  });

  it('writes nothing when Stripe gives the same intent again', async () => {
    const c = await stripeCheckout();
    const first = await page(c.orderId);
    if (first.pay.state !== 'pay') throw new Error('pay');
    const earlier = new Date('2026-01-02T03:04:05.000Z');
    await getDb().update(payments).set({ updatedAt: earlier }).where(eq(payments.id, c.paymentId));
    expect((await page(c.orderId)).pay).toEqual(first.pay);
    const [row] = await getDb().select().from(payments).where(eq(payments.id, c.paymentId));
    expect(row).toMatchObject({ gatewayRef: first.pay.start.reference, updatedAt: earlier });
  });

  it('starts anew at a gateway that cannot resume (PayPal), and stores the new reference', async () => {
    const c = await placeCheckout({ userId, totals: [1734], method: 4, gateway: 'paypal' });
    await storeReference(c.paymentId, 'OLD-PAYPAL-ORDER');
    const shown = await page(c.orderId);
    if (shown.pay.state !== 'pay') throw new Error('pay');
    expect(shown.pay.start.kind).toBe('redirect');
    expect(shown.pay.start.reference).not.toBe('OLD-PAYPAL-ORDER');
    expect(await storedRef(c.paymentId)).toBe(shown.pay.start.reference);
    const sent = JSON.parse(fake.requests.filter((r) => r.path === '/paypal/v2/checkout/orders').at(-1)!.body);
    expect(sent.payment_source.paypal.experience_context).toMatchObject({
      return_url: `${ORIGIN}/payment-return/paypal/${c.orderId}`,
      cancel_url: `${ORIGIN}/user/order/pay/${c.orderId}?cancelled=1`,
    });
  });

  it('is paid when the payment row is, or when this order is paid', async () => {
    const c = await stripeCheckout();
    await getDb().update(payments).set({ status: 'paid' }).where(eq(payments.id, c.paymentId));
    expect((await page(c.orderId)).pay).toEqual({ state: 'paid' });
    const d = await stripeCheckout();
    await getDb().update(orders).set({ paymentStatus: 1 }).where(eq(orders.id, d.orderIds[1]!));
    expect((await page(d.orderIds[1]!)).pay).toEqual({ state: 'paid' });
    expect((await page(d.orderId)).pay.state).toBe('pay');
  });

  it('is closed for a cancelled or refunded checkout, saying what became of money that came anyway', async () => {
    const c = await stripeCheckout();
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, c.orderNo));
    const before = fake.requests.length;
    expect(await page(c.orderId)).toMatchObject({ amount: 1734, pay: { state: 'closed', reason: 'cancelled' } });
    expect((await page(c.orderId)).pay).not.toHaveProperty('refund');
    expect(fake.requests.length).toBe(before);
    const refund = { orderNo: c.orderNo, gateway: 'stripe', amount: 1734, currency: 'USD', reason: 'cancelled' };
    await getDb()
      .insert(paymentRefunds)
      .values([
        { ...refund, chargeRef: 'pi_stray_1', status: 'refunded' },
        { ...refund, chargeRef: 'pi_stray_2', status: 'refund_due' },
        { ...refund, chargeRef: 'pi_order_1', status: 'refund_due', kind: 'order' },
      ]);
    expect((await page(c.orderId)).pay).toEqual({ state: 'closed', reason: 'cancelled', refund: 'refunded' });
    await getDb()
      .delete(paymentRefunds)
      .where(and(eq(paymentRefunds.orderNo, c.orderNo), eq(paymentRefunds.chargeRef, 'pi_stray_1')));
    expect((await page(c.orderId)).pay).toEqual({ state: 'closed', reason: 'cancelled', refund: 'refund_due' });
    const d = await stripeCheckout();
    await getDb().update(payments).set({ status: 'refunded' }).where(eq(payments.id, d.paymentId));
    await getDb()
      .insert(paymentRefunds)
      .values({ ...refund, orderNo: d.orderNo, chargeRef: 'pi_order_2', status: 'refunded', kind: 'order' });
    expect((await page(d.orderId)).pay).toEqual({ state: 'closed', reason: 'refunded' });
  });

  it('is offline without a payment row (unless the order is paid), for cash on delivery, or a row of another gateway', async () => {
    const c = await stripeCheckout();
    await getDb().delete(payments).where(eq(payments.id, c.paymentId));
    await getDb().update(orders).set({ total: 999, currency: 'EUR' }).where(eq(orders.id, c.orderIds[1]!));
    expect(await page(c.orderIds[1]!)).toEqual({
      orderId: c.orderId,
      orderNo: c.orderNo,
      amount: 999,
      currency: 'EUR',
      method: 3,
      pay: { state: 'offline' },
    });
    await getDb().update(orders).set({ paymentStatus: 1 }).where(eq(orders.id, c.orderIds[1]!));
    expect((await page(c.orderIds[1]!)).pay).toEqual({ state: 'paid' });
    const cod = await placeCheckout({ userId, totals: [1734], method: 2, gateway: 'cod' });
    expect(await page(cod.orderId)).toMatchObject({ method: 2, pay: { state: 'offline' } });
    const mismatched = await placeCheckout({ userId, totals: [1734], method: 3, gateway: 'paypal' });
    expect((await page(mismatched.orderId)).pay).toEqual({ state: 'offline' });
    const unknown = await placeCheckout({ userId, totals: [1734], method: 99, gateway: 'stripe' });
    expect((await page(unknown.orderId)).pay).toEqual({ state: 'offline' });
  });

  it("reads the method from the payment row, and is unavailable when that gateway's keys are gone", async () => {
    const c = await placeCheckout({ userId, totals: [1734], method: 3, gateway: 'stripe' });
    await getDb().update(orders).set({ paymentMethod: 2 }).where(eq(orders.orderNo, c.orderNo));
    expect(await page(c.orderId)).toMatchObject({ method: 3, pay: { state: 'pay', gateway: 'stripe' } });
    process.env.STRIPE_WEBHOOK_SECRET = '';
    try {
      expect((await page(c.orderId)).pay).toEqual({ state: 'unavailable' });
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = TEST_KEYS.STRIPE_WEBHOOK_SECRET;
    }
  });

  it('is unavailable, and tells the operator, when the gateway does not answer; the stored reference stays', async () => {
    const c = await stripeCheckout();
    await storeReference(c.paymentId, 'pi_unknown_to_stripe');
    const error = vi.spyOn(log, 'error');
    expect((await page(c.orderId)).pay).toEqual({ state: 'unavailable' });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ gateway: 'stripe', err: expect.any(Error) }),
      'payments: the gateway did not start a payment',
    );
    expect(await storedRef(c.paymentId)).toBe('pi_unknown_to_stripe');
  });

  it('a payment row checkout closed is closed, and its reference stays', async () => {
    const c = await stripeCheckout();
    await storeReference(c.paymentId, 'pi_old');
    // The row was closed in between (checkout cancelled it) while the orders still look payable.
    await getDb().update(payments).set({ status: 'failed' }).where(eq(payments.id, c.paymentId));
    expect((await page(c.orderId)).pay).toMatchObject({ state: 'closed', reason: 'cancelled' });
    expect(await storedRef(c.paymentId)).toBe('pi_old');
  });
});
