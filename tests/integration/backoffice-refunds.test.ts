/**
 * Refunds from the back office (issue 32): full or partial (lines, quantities, shipping), never more than was
 * paid (also with 10 requests at once), through the gateway's refund API for Stripe, Razorpay and PayPal (the
 * local fakes) with the right amount, recorded as made outside the shop for the others; the same
 * Idempotency-Key five times is one refund; stock comes back only when the operator says the goods did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox } from './auth-helpers';
import { startFakePayments } from '../fakes/payments.mjs';
import { hostedPageChoice, makeShopper, placeCheckout, requestFor, storeReference, TEST_KEYS } from './payment-fixtures';
import { account, api, auditSince, lastAuditId, makeOrder, twoStores, type Account } from './backoffice-fixtures';
import { listApiRoutes, request } from './http';
import { getDb } from '@/server/db/client';
import { orderLines, orders, payments, products } from '@/server/db/schema';
import { stripeProvider } from '@/server/payments/stripe';
import { razorpayProvider, handleRazorpayCallback } from '@/server/payments/razorpay';
import { paypalProvider, handlePaypalReturn } from '@/server/payments/paypal';
import { settlePayment } from '@/server/payments/settle';
import { settleAfterAnswer } from '@/server/core/background';
import { lastMailTo } from '@/server/mail/outbox';
import { orderOfUser } from '@/server/orders/by-user';
import type { PaymentProvider } from '@/server/payments/provider';

useTestDatabase({ demo: true });
const outbox = useScratchOutbox();

let fake: Awaited<ReturnType<typeof startFakePayments>>;
let owner: Account;
let staff: Account;
let stores: [number, number];
let userId: number;
let productId: number;

beforeAll(async () => {
  fake = await startFakePayments({
    stripe: {
      secretKey: TEST_KEYS.STRIPE_SECRET_KEY,
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    },
    razorpay: {
      keyId: TEST_KEYS.RAZORPAY_KEY_ID,
      keySecret: TEST_KEYS.RAZORPAY_KEY_SECRET,
      webhookSecret: TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
    },
    paypal: { clientId: TEST_KEYS.PAYPAL_CLIENT_ID, clientSecret: TEST_KEYS.PAYPAL_CLIENT_SECRET, webhookId: TEST_KEYS.PAYPAL_WEBHOOK_ID },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, {
    ...TEST_KEYS,
    STRIPE_API_BASE: fake.origin,
    RAZORPAY_API_BASE: fake.razorpayBase,
    PAYPAL_API_BASE: fake.paypalBase,
  });
  stores = await twoStores();
  owner = await account(['owner']);
  staff = await account(['staff'], ['update:order']);
  userId = (await makeShopper()).id;
  const [p] = await getDb().select({ id: products.id }).from(products).where(eq(products.storeId, stores[0])).limit(1);
  productId = p!.id;
});
afterAll(() => fake.close());

const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
let keys = 0;
const newKey = () => `test-refund-${process.pid}-${++keys}-${Math.random().toString(36).slice(2)}`;
const refund = (id: number, body: Record<string, unknown>, key: string | null = newKey(), who = owner) =>
  api(`/api/v1/admin/orders/${id}/refunds`, who, { body, headers: key ? { 'idempotency-key': key } : {} });

/** Two of the product at 20.00 plus 10.00 shipping (50.00): the order's line id. */
async function giveLines(orderId: number, unit = 2000, shipping = 1000) {
  await getDb()
    .update(orders)
    .set({ storeId: stores[0], subtotal: unit * 2, shippingTotal: shipping, total: unit * 2 + shipping })
    .where(eq(orders.id, orderId));
  const [line] = await getDb()
    .insert(orderLines)
    .values({ orderId, productId, title: 'Refund test charger', unitPrice: unit, quantity: 2, lineTotal: unit * 2 })
    .returning({ id: orderLines.id });
  return line!.id;
}

/** A checkout of one order paid through the gateway's fake, as the shop's own return or callback settles it. */
async function paidThrough(provider: PaymentProvider, currency = 'USD') {
  const checkout = await placeCheckout({ userId, totals: [5000], method: provider.method, gateway: provider.gateway, currency });
  const lineId = await giveLines(checkout.orderId);
  const start = await provider.start(requestFor(checkout));
  if (start.kind === 'offline') throw new Error('a gateway starts a payment');
  await storeReference(checkout.paymentId, start.reference);
  let charge: string;
  if (provider === stripeProvider) {
    await fake.stripePay(start.reference);
    await settlePayment({ gateway: 'stripe', reference: start.reference, amount: 5000, currency, outcome: 'paid' });
    charge = start.reference;
  } else if (provider === razorpayProvider) {
    const answer = await fake.razorpayPay(start.reference, 'captured');
    await handleRazorpayCallback(answer);
    charge = answer.razorpay_payment_id;
  } else {
    if (start.kind !== 'redirect') throw new Error('PayPal redirects');
    const back = await hostedPageChoice(start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=approve&'));
    await handlePaypalReturn(back.searchParams.get('token')!);
    charge = fake.paypalOrder(start.reference)!.purchase_units[0].payments.captures[0].id;
  }
  const [order] = await getDb().select().from(orders).where(eq(orders.id, checkout.orderId));
  expect(order!.paymentStatus).toBe(1);
  return { orderId: checkout.orderId, orderNo: checkout.orderNo, lineId, charge };
}

const paymentOf = async (orderNo: string) => (await getDb().select().from(payments).where(eq(payments.orderNo, orderNo)))[0]!;
const stockOf = async () => (await getDb().select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;
const fakeRefunds = (charge: string) => fake.refunds.filter((r) => r.charge === charge).map((r) => r.amount);

describe('refunds through the gateways', () => {
  it('Stripe: a line, then the rest with the shipping; the payment says partly refunded, then refunded; never more', async () => {
    const { orderId, orderNo, lineId, charge } = await paidThrough(stripeProvider);
    const first = await refund(orderId, { reason: 'Scratched case', lines: [{ line_id: lineId, quantity: 1 }] });
    expect(first.status).toBe(200);
    const body = await json(first);
    expect(body.data).toMatchObject({ order_id: orderId, refunded_total: 2000, refund_state: 'partly_refunded', replayed: false });
    expect(body.data.refund).toMatchObject({ amount: 2000, reason: 'Scratched case', gateway: 'stripe', outside: false });
    expect(body.data.refund.reference).toMatch(/^re_/);
    expect(fakeRefunds(charge)).toEqual([2000]);
    expect((await paymentOf(orderNo)).status).toBe('partly_refunded');

    const rest = await refund(orderId, { reason: 'Customer kept nothing', lines: [{ line_id: lineId, quantity: 1 }], shipping: 'all' });
    expect(rest.status).toBe(200);
    expect((await json(rest)).data).toMatchObject({ refunded_total: 5000, refund_state: 'refunded' });
    expect(fakeRefunds(charge)).toEqual([2000, 3000]);
    expect((await paymentOf(orderNo)).status).toBe('refunded');

    const more = await refund(orderId, { reason: 'Again', amount: 1 });
    expect(more.status).toBe(422);
    expect((await json(more)).message).toBe('This order is refunded in full already.');
    const line = await refund(orderId, { reason: 'Again', lines: [{ line_id: lineId, quantity: 1 }] });
    expect((await json(line)).message).toBe('At most 0 of "Refund test charger" can still be refunded.');
    expect(fakeRefunds(charge)).toEqual([2000, 3000]);

    // The order's API and the shopper's page say so.
    const one = await json(await api(`/api/v1/admin/orders/${orderId}`, owner));
    expect(one.data.refunds.map((r: { amount: number }) => r.amount)).toEqual([2000, 3000]);
    expect(one.data.refunds[0]).toMatchObject({ reason: 'Scratched case', lines: [{ line_id: lineId, quantity: 1, amount: 2000 }] });
    const mine = await orderOfUser(userId, orderId);
    expect(mine).toMatchObject({ refunded_total: 5000, refund_state: 'refunded' });
    expect(mine.payment?.status).toBe('refunded');
  });

  it('Razorpay: two partial refunds of one payment, each for its amount', async () => {
    const { orderId, orderNo, charge } = await paidThrough(razorpayProvider, 'INR');
    expect((await refund(orderId, { reason: 'Late', amount: 1500 })).status).toBe(200);
    expect((await refund(orderId, { reason: 'Broken', amount: 2000 })).status).toBe(200);
    expect(fakeRefunds(charge)).toEqual([1500, 2000]);
    expect((await paymentOf(orderNo)).status).toBe('partly_refunded');
    const tooMuch = await refund(orderId, { reason: 'All', amount: 1501 });
    expect(tooMuch.status).toBe(422);
    expect((await json(tooMuch)).message).toBe('At most 15.00 can still be refunded: no more than was paid.');
  });

  it('PayPal: a partial refund of the capture, typed as the form sends it, then the rest', async () => {
    const { orderId, charge } = await paidThrough(paypalProvider);
    expect((await refund(orderId, { reason: 'Late', amount_text: '12.50' })).status).toBe(200);
    expect((await refund(orderId, { reason: 'Rest', amount: 3750 })).status).toBe(200);
    expect(fakeRefunds(charge)).toEqual(['12.50', '37.50']);
  });
});

describe('one refund per Idempotency-Key', () => {
  it('is required: 400 with a clear message, nothing refunded', async () => {
    const { orderId, charge } = await paidThrough(stripeProvider);
    const before = await lastAuditId();
    const res = await refund(orderId, { reason: 'No key', amount: 100 }, null);
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(
      'An Idempotency-Key header is required: send a new random key with each refund, and the same key to retry it.',
    );
    expect(fakeRefunds(charge)).toEqual([]);
    expect(await auditSince(before)).toHaveLength(0);
  });

  it('the same key 5 times (twice at once) is one refund, and the same answer', async () => {
    const { orderId, charge } = await paidThrough(stripeProvider);
    const key = newKey();
    const answers = [];
    answers.push(...(await Promise.all([0, 1].map(() => refund(orderId, { reason: 'Double click', amount: 700 }, key)))));
    for (let i = 0; i < 3; i++) answers.push(await refund(orderId, { reason: 'Double click', amount: 700 }, key));
    const bodies = await Promise.all(answers.map(json));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(bodies.map((b) => b.data.refund.id)).size).toBe(1);
    expect(bodies.filter((b) => b.data.replayed)).toHaveLength(4);
    expect(bodies.map((b) => b.data.refund.amount)).toEqual([700, 700, 700, 700, 700]);
    expect(fakeRefunds(charge)).toEqual([700]);
    const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.refundedTotal).toBe(700);
  });
});

describe('refunds recorded outside the shop', () => {
  it('cash on delivery: recorded, never more than paid even with 10 requests at once', async () => {
    const id = await makeOrder(stores[0], { status: 'delivered', email: 'cod-refund@example.com' });
    await getDb().update(orders).set({ paymentStatus: 1 }).where(eq(orders.id, id));
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(id, { reason: 'Part', amount: 600 })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(4);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(6);
    const [order] = await getDb().select().from(orders).where(eq(orders.id, id));
    expect(order!.refundedTotal).toBe(2400);
    const one = await json(await api(`/api/v1/admin/orders/${id}`, owner));
    expect(one.data.refunds).toHaveLength(4);
    expect(one.data.refunds[0]).toMatchObject({ outside: true, reference: null, gateway: 'cod' });
    const sum = one.data.refunds.reduce((s: number, r: { amount: number }) => s + r.amount, 0);
    expect(sum).toBeLessThanOrEqual(order!.total);
    // The last 1.00: the whole rest refunds the order (delivered → refunded).
    const rest = await refund(id, { reason: 'Rest', amount: 100 });
    expect((await json(rest)).data).toMatchObject({ refund_state: 'refunded', status: 'refunded' });
    await settleAfterAnswer();
    expect((await lastMailTo(outbox, 'cod-refund@example.com'))?.subject).toContain(`#${id}`);
  });

  it('an unpaid order has nothing to refund; staff without the refund permission is refused', async () => {
    const id = await makeOrder(stores[0]);
    const res = await refund(id, { reason: 'Nothing', amount: 100 });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe('This order is not paid, so there is nothing to refund.');
    expect((await refund(id, { reason: 'Nothing', amount: 100 }, newKey(), staff)).status).toBe(403);
  });
});

describe('the plain form (JavaScript off)', () => {
  it('quantities per line, the shipping box and the hidden key: one refund, a redirect back; sent twice, still one', async () => {
    const id = await makeOrder(stores[0], { status: 'delivered' });
    await getDb().update(orders).set({ paymentStatus: 1 }).where(eq(orders.id, id));
    const lineId = await giveLines(id);
    const fields = {
      _from: `/admin/orders/${id}`,
      idempotency_key: newKey(),
      [`qty_${lineId}`]: '1',
      shipping: 'all',
      amount_text: '',
      reason: 'Form',
    };
    const post = () =>
      request(listApiRoutes(), `/api/v1/admin/orders/${id}/refunds`, {
        method: 'POST',
        headers: {
          accept: 'text/html',
          origin: 'http://127.0.0.1:4321',
          cookie: owner.cookie,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields).toString(),
      });
    const res = await post();
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await post()).status).toBe(303);
    const one = await json(await api(`/api/v1/admin/orders/${id}`, owner));
    expect(one.data.refunds).toEqual([
      expect.objectContaining({ amount: 3000, shipping: 1000, lines: [{ line_id: lineId, quantity: 1, amount: 2000 }] }),
    ]);
  });
});

describe('stock', () => {
  it('comes back only when the operator ticks that the goods came back', async () => {
    const id = await makeOrder(stores[0], { status: 'delivered' });
    await getDb().update(orders).set({ paymentStatus: 1 }).where(eq(orders.id, id));
    const lineId = await giveLines(id);
    const stock = await stockOf();
    expect((await refund(id, { reason: 'Kept by shopper', lines: [{ line_id: lineId, quantity: 1 }] })).status).toBe(200);
    expect(await stockOf()).toBe(stock);
    const back = await refund(id, { reason: 'Came back', lines: [{ line_id: lineId, quantity: 1 }], restock: true });
    expect(back.status).toBe(200);
    expect(await stockOf()).toBe(stock + 1);
    const none = await refund(id, { reason: 'Shipping', shipping: 1000, restock: true });
    expect((await json(none)).message).toBe('Choose the items that came back to put them back in stock.');
  });
});
