/**
 * The gateway modules' verified answers as they reach the checkout (docs/mutation-testing.md, run U): each
 * module's webhook or return handler called directly, with the fake gateway (tests/fakes/payments.mjs) in this
 * process, and the exact state read back — the payment row's status, each order paid or not, the 'Payment
 * received' notes. The smallest integration driver of the gateways' mutation runs; what needs no database is in
 * tests/unit/payments-<gateway>-rules.test.ts.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import { log } from '@/server/core/logger.mjs';
import { useTestDatabase } from '../setup/db';
import { stripeSignature } from '../fakes/payments.mjs';
import type { PaymentStart } from '@/server/payments/provider';
import {
  startEveryFakeGateway,
  checkoutState,
  makeShopper,
  placeCheckout,
  requestFor,
  storeReference,
  TEST_KEYS,
} from './payment-fixtures';
import { handleStripeWebhook } from '@/server/payments/stripe';
import { handleRazorpayCallback, handleRazorpayWebhook, razorpayProvider } from '@/server/payments/razorpay';
import { handlePaypalReturn, handlePaypalWebhook, paypalProvider } from '@/server/payments/paypal';
import { flutterwaveProvider, handleFlutterwaveReturn, handleFlutterwaveWebhook } from '@/server/payments/flutterwave';
import { handleIyzicoReturn, iyzicoProvider } from '@/server/payments/iyzico';
import { authorizeNetProvider, handleAuthorizeNetDone, handleAuthorizeNetReturn } from '@/server/payments/authorize-net';

useTestDatabase();

let fake: Awaited<ReturnType<typeof startEveryFakeGateway>>;
let userId: number;
beforeAll(async () => {
  // Webhooks are kept (fake.deliveries) and sent by the tests themselves.
  fake = await startEveryFakeGateway();
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

/** The reference of a payment started online (every gateway here is). */
const online = (start: PaymentStart) => {
  if (start.kind === 'offline') throw new Error('this gateway starts online');
  return start;
};
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
/** The charge a refund of this checkout would name. */
const chargeRef = async (orderNo: string) =>
  (await getDb().select({ chargeRef: payments.chargeRef }).from(payments).where(eq(payments.orderNo, orderNo)))[0]!.chargeRef;

const UNPAID = { status: 'pending', paid: [0, 0], received: 0 };
const PAID = { status: 'paid', paid: [1, 1], received: 2 };

describe('Stripe: what a signed event does to the checkout', () => {
  let n = 0;
  /** A two-store checkout ($12.34 + $5.00) whose intent `pi_…` is stored, and a signed event for it. */
  async function checkout(reference = `pi_rules_${++n}`) {
    const c = await placeCheckout({ userId, totals: [1234, 500], method: 3, gateway: 'stripe' });
    await storeReference(c.paymentId, reference);
    return { c, reference };
  }
  const send = (type: string, intent: Record<string, unknown>, id = `evt_rules_${++n}`) => {
    const body = JSON.stringify({ id, object: 'event', type, data: { object: { object: 'payment_intent', currency: 'usd', ...intent } } });
    return handleStripeWebhook(body, stripeSignature(TEST_KEYS.STRIPE_WEBHOOK_SECRET, body));
  };

  it('payment_intent.succeeded pays every order of the checkout for the amount received', async () => {
    const { c, reference } = await checkout();
    // The amount received is what was paid; the intent's amount differs here to tell them apart.
    const result = await send('payment_intent.succeeded', { id: reference, amount: 9999, amount_received: 1734, metadata: {} });
    expect(result).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference });
  });

  it('payment_intent.succeeded for less than the checkout (the intent asked the full amount) pays nothing (422)', async () => {
    const { c, reference } = await checkout();
    await expect(send('payment_intent.succeeded', { id: reference, amount: 1734, amount_received: 1000, metadata: {} })).rejects.toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference });
  });

  it('payment_intent.payment_failed leaves it unpaid, read for the amount asked (nothing was received)', async () => {
    const { c, reference } = await checkout();
    const result = await send('payment_intent.payment_failed', { id: reference, amount: 1734, amount_received: 0, metadata: {} });
    expect(result).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference });
  });

  it('finds the checkout by the order number in the metadata, over the intent id', async () => {
    const { c } = await checkout();
    const result = await send('payment_intent.succeeded', {
      id: 'pi_not_stored',
      amount: 1734,
      amount_received: 1734,
      metadata: { order_no: c.orderNo },
    });
    expect(result).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect((await checkoutState(c.orderNo)).paid).toEqual([1, 1]);
  });

  it('finds it by the intent id when the metadata has no order number (missing or empty)', async () => {
    const { c, reference } = await checkout();
    expect(await send('payment_intent.succeeded', { id: reference, amount: 1734, amount_received: 1734 })).toMatchObject({ paid: true });
    const other = await checkout();
    expect(
      await send('payment_intent.succeeded', { id: other.reference, amount: 1734, amount_received: 1734, metadata: { order_no: '' } }),
    ).toMatchObject({ paid: true });
    expect((await checkoutState(c.orderNo)).paid).toEqual([1, 1]);
    expect((await checkoutState(other.c.orderNo)).paid).toEqual([1, 1]);
  });

  it('payment_intent.succeeded for a cancelled checkout is money to give back, not a payment', async () => {
    const { c, reference } = await checkout();
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, c.orderNo));
    const result = await send('payment_intent.succeeded', { id: reference, amount: 1734, amount_received: 1734, metadata: {} });
    expect(result).toEqual({ changed: true, orderIds: c.orderIds, paid: false, refundDue: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference });
  });

  it('applies one event once: the same event id again changes nothing', async () => {
    const { c, reference } = await checkout();
    const intent = { id: reference, amount: 1734, amount_received: 1734, metadata: {} };
    await send('payment_intent.payment_failed', { ...intent, amount_received: 0 }, 'evt_rules_once');
    expect(await send('payment_intent.succeeded', intent, 'evt_rules_once')).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference });
  });
});

describe('Razorpay: what a verified callback or webhook does to the checkout', () => {
  /** A two-store checkout (₹499 + ₹100) with its Razorpay order made at the fake and stored. */
  async function checkout() {
    const c = await placeCheckout({ userId, totals: [49_900, 10_000], method: 1, gateway: 'razorpay', currency: 'INR' });
    const start = online(await razorpayProvider.start(requestFor(c)));
    await storeReference(c.paymentId, start.reference);
    return { c, orderId: start.reference };
  }

  const signed = (event: Record<string, unknown>) => {
    const raw = JSON.stringify(event);
    return [raw, hmac(TEST_KEYS.RAZORPAY_WEBHOOK_SECRET, raw)] as const;
  };

  it('a captured payment pays every order, and a refund will name the payment', async () => {
    const { c, orderId } = await checkout();
    const answer = await fake.razorpayPay(orderId, 'captured');
    expect(await handleRazorpayCallback(answer)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: orderId });
    expect(await chargeRef(c.orderNo)).toBe(answer.razorpay_payment_id);
  });

  it('an authorized payment is captured (for its amount and currency) and then pays', async () => {
    const { c, orderId } = await checkout();
    const answer = await fake.razorpayPay(orderId, 'authorized');
    expect(await handleRazorpayCallback(answer)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: orderId });
    const capture = fake.requests.filter((r) => r.path === `/razorpay/v1/payments/${answer.razorpay_payment_id}/capture`);
    expect(capture.map((r) => JSON.parse(r.body))).toEqual([{ amount: 59_900, currency: 'INR' }]);
  });

  it('an authorized payment for a cancelled checkout is not captured (the hold lapses), and the operator reads why', async () => {
    const { c, orderId } = await checkout();
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, c.orderNo));
    const answer = await fake.razorpayPay(orderId, 'authorized');
    const warn = vi.spyOn(log, 'warn');
    expect(await handleRazorpayCallback(answer)).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
    expect(warn).toHaveBeenCalledWith(
      { gateway: 'razorpay', reference: orderId, paymentId: answer.razorpay_payment_id, state: 'cancelled' },
      'payments: not capturing a payment for an order that cannot take it',
    );
    expect(fake.requests.filter((r) => r.path.endsWith('/capture') && r.path.includes(answer.razorpay_payment_id))).toEqual([]);
    expect((await checkoutState(c.orderNo)).status).toBe('pending');
  });

  it('a second authorized payment for a checkout paid already is not captured, and says the checkout is paid', async () => {
    const { c, orderId } = await checkout();
    await handleRazorpayCallback(await fake.razorpayPay(orderId, 'captured'));
    const second = await fake.razorpayPay(orderId, 'authorized');
    expect(await handleRazorpayCallback(second)).toEqual({ changed: false, orderIds: c.orderIds, paid: true });
    expect(fake.requests.filter((r) => r.path.includes(`${second.razorpay_payment_id}/capture`))).toEqual([]);
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: orderId });
  });

  it("an authorized payment for a Razorpay order that is none of this shop's is not found (404), never a crash", async () => {
    const stranger = await razorpayProvider.start({ ...requestFor(await checkout().then((x) => x.c)), orderNo: 'VM-NOT-OURS' });
    const answer = await fake.razorpayPay(online(stranger).reference, 'authorized');
    await expect(handleRazorpayCallback(answer)).rejects.toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: 'This payment does not belong to any order of this shop.' }),
    );
  });

  it('a captured payment for a cancelled checkout is money to give back, by the callback and by the webhook', async () => {
    const { c, orderId } = await checkout();
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, c.orderNo));
    const answer = await fake.razorpayPay(orderId, 'captured');
    expect(await handleRazorpayCallback(answer)).toEqual({ changed: true, orderIds: c.orderIds, paid: false, refundDue: true });
    const other = await checkout();
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, other.c.orderNo));
    const [raw, sig] = signed({
      event: 'order.paid',
      payload: { payment: { entity: { id: 'pay_hook_late', order_id: other.orderId, amount: 59_900, currency: 'INR' } } },
    });
    expect(await handleRazorpayWebhook(raw, sig, 'evt_rzp_late')).toEqual({
      changed: true,
      orderIds: other.c.orderIds,
      paid: false,
      refundDue: true,
    });
    expect((await checkoutState(c.orderNo)).status).toBe('pending');
    expect((await checkoutState(other.c.orderNo)).status).toBe('pending');
  });

  it('a failed or refunded payment leaves it unpaid', async () => {
    for (const outcome of ['failed', 'refunded', 'created']) {
      const { c, orderId } = await checkout();
      expect(await handleRazorpayCallback(await fake.razorpayPay(orderId, outcome)), outcome).toEqual({
        changed: false,
        orderIds: c.orderIds,
        paid: false,
      });
      expect(await checkoutState(c.orderNo), outcome).toEqual({ ...UNPAID, reference: orderId });
    }
  });

  it('order.paid pays for the amount the order says was paid (the payment entity may say otherwise)', async () => {
    const { c, orderId } = await checkout();
    const payment = { id: 'pay_hook_1', order_id: orderId, amount: 1, currency: 'INR', status: 'captured' };
    const [raw, sig] = signed({
      event: 'order.paid',
      payload: { payment: { entity: payment }, order: { entity: { id: orderId, amount_paid: 59_900 } } },
    });
    expect(await handleRazorpayWebhook(raw, sig, 'evt_rzp_1')).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: orderId });
    expect(await chargeRef(c.orderNo)).toBe('pay_hook_1');
  });

  it("order.paid without the order entity reads the payment's amount", async () => {
    const empty = await checkout();
    const [raw0, sig0] = signed({
      event: 'order.paid',
      payload: { payment: { entity: { id: 'pay_hook_2a', order_id: empty.orderId, amount: 59_900, currency: 'INR' } }, order: {} },
    });
    expect(await handleRazorpayWebhook(raw0, sig0, null)).toEqual({ changed: true, orderIds: empty.c.orderIds, paid: true });
    const { c, orderId } = await checkout();
    const [raw, sig] = signed({
      event: 'order.paid',
      payload: { payment: { entity: { id: 'pay_hook_2', order_id: orderId, amount: 59_900, currency: 'INR' } } },
    });
    expect(await handleRazorpayWebhook(raw, sig, null)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
  });

  it("payment.failed leaves it unpaid, read for the payment's amount (not the order's amount paid)", async () => {
    const { c, orderId } = await checkout();
    const [raw, sig] = signed({
      event: 'payment.failed',
      payload: {
        payment: { entity: { id: 'pay_hook_3', order_id: orderId, amount: 59_900, currency: 'INR', status: 'failed' } },
        order: { entity: { id: orderId, amount_paid: 0 } },
      },
    });
    expect(await handleRazorpayWebhook(raw, sig, 'evt_rzp_3')).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference: orderId });
  });

  it("an event without a currency is not the order's payment (422), and the same event id twice applies once", async () => {
    const { c, orderId } = await checkout();
    const entity = { id: 'pay_hook_4', order_id: orderId, amount: 59_900 };
    const [noCurrency, sig1] = signed({ event: 'order.paid', payload: { payment: { entity } } });
    await expect(handleRazorpayWebhook(noCurrency, sig1, 'evt_rzp_4')).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    const [failed, sig2] = signed({ event: 'payment.failed', payload: { payment: { entity: { ...entity, currency: 'INR' } } } });
    await handleRazorpayWebhook(failed, sig2, 'evt_rzp_5');
    const [paid, sig3] = signed({ event: 'order.paid', payload: { payment: { entity: { ...entity, currency: 'INR' } } } });
    expect(await handleRazorpayWebhook(paid, sig3, 'evt_rzp_5')).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference: orderId });
  });
});

describe('PayPal: what the return and a verified webhook do to the checkout', () => {
  /** A two-store checkout ($12.34 + $5.00) with its PayPal order made at the fake (stored unless `store` is false). */
  async function checkout(store = true) {
    const c = await placeCheckout({ userId, totals: [1234, 500], method: 4, gateway: 'paypal' });
    const start = online(await paypalProvider.start(requestFor(c)));
    if (store) await storeReference(c.paymentId, start.reference);
    return { c, id: start.reference };
  }
  /** The shopper approves on PayPal's page (`capture`: what the capture will be; `decline`: the card is refused). */
  const approve = (id: string, extra: Record<string, unknown> = {}) => Object.assign(fake.paypalOrder(id), { status: 'APPROVED' }, extra);
  const captureOf = (id: string) => fake.paypalOrder(id).purchase_units[0].payments?.captures?.[0];

  it('an approved order is captured once and pays every order; a refund will name the capture', async () => {
    const { c, id } = await checkout();
    approve(id);
    expect(await handlePaypalReturn(id)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: id });
    expect(await chargeRef(c.orderNo)).toBe(captureOf(id).id);
    const captures = fake.requests.filter((r) => r.path === `/paypal/v2/checkout/orders/${id}/capture`);
    expect(captures.map((r) => [r.method, r.headers['paypal-request-id'], r.body])).toEqual([['POST', `capture-${id}`, '{}']]);
    // A reload of the return page reads the order captured already: nothing more.
    expect(await handlePaypalReturn(id)).toEqual({ changed: false, orderIds: c.orderIds, paid: true });
    expect(fake.requests.filter((r) => r.path.endsWith('/capture') && r.path.includes(id))).toHaveLength(1);
  });

  it('finds the checkout by the order number PayPal echoes (custom_id), over the PayPal order id', async () => {
    const { c, id } = await checkout(false);
    approve(id);
    expect(await handlePaypalReturn(id)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: id });
  });

  it('finds it by the PayPal order id when custom_id is empty', async () => {
    const { c, id } = await checkout();
    approve(id);
    fake.paypalOrder(id).purchase_units[0].custom_id = '';
    expect(await handlePaypalReturn(id)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
  });

  it('an approved order of a cancelled checkout is not captured, and the operator reads why', async () => {
    const { c, id } = await checkout();
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, c.orderNo));
    approve(id);
    const warn = vi.spyOn(log, 'warn');
    expect(await handlePaypalReturn(id)).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
    expect(warn).toHaveBeenCalledWith(
      { gateway: 'paypal', reference: id, orderNo: c.orderNo, state: 'cancelled' },
      'payments: not capturing a payment for an order that cannot take it',
    );
    expect(fake.requests.filter((r) => r.path === `/paypal/v2/checkout/orders/${id}/capture`)).toEqual([]);
  });

  it('a second approved order for a checkout paid already is not captured, and says the checkout is paid', async () => {
    const { c, id } = await checkout();
    approve(id);
    await handlePaypalReturn(id);
    const second = online(await paypalProvider.start(requestFor(c)));
    approve(second.reference);
    expect(await handlePaypalReturn(second.reference)).toEqual({ changed: false, orderIds: c.orderIds, paid: true });
    expect(fake.requests.filter((r) => r.path === `/paypal/v2/checkout/orders/${second.reference}/capture`)).toEqual([]);
  });

  it('a declined capture, a capture PENDING or DECLINED, or an order never approved leaves it unpaid', async () => {
    const cases: [string, (id: string) => void][] = [
      ['card declined', (id) => approve(id, { _decline: true })],
      ['capture pending', (id) => approve(id, { _capture: 'PENDING' })],
      ['capture declined', (id) => approve(id, { _capture: 'DECLINED' })],
      ['not approved', () => {}],
      ['voided', (id) => fake.paypalOrderStatus(id, 'VOIDED')],
    ];
    for (const [name, act] of cases) {
      const { c, id } = await checkout();
      act(id);
      expect(await handlePaypalReturn(id), name).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
      expect(await checkoutState(c.orderNo), name).toEqual({ ...UNPAID, reference: id });
    }
  });

  it('a completed order whose capture is of another amount is not paid (422)', async () => {
    const { c, id } = await checkout();
    approve(id);
    // PayPal captured; the capture says $1.00 while the order asked $17.34.
    const order = fake.paypalOrder(id);
    order.status = 'COMPLETED';
    order.purchase_units[0].payments = {
      captures: [{ id: 'CAPX1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '1.00' } }],
    };
    await expect(handlePaypalReturn(id)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    order.purchase_units[0].payments.captures[0].amount = { currency_code: 'USD', value: '17.34' };
    expect(await handlePaypalReturn(id)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await chargeRef(c.orderNo)).toBe('CAPX1');
  });

  it('an order without an amount is not read as paid or failed for any sum (422)', async () => {
    const { c, id } = await checkout();
    delete fake.paypalOrder(id).purchase_units[0].amount;
    await expect(handlePaypalReturn(id)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference: id });
  });

  const signedEvent = async (type: string, resource: Record<string, unknown>) => {
    await fake.paypalEvent(type, resource);
    const delivery = fake.deliveries.at(-1)!;
    return [delivery.body, new Headers(delivery.headers)] as const;
  };

  it("PAYMENT.CAPTURE.COMPLETED pays the capture's order for the capture's amount, once per event", async () => {
    const { c, id } = await checkout();
    const resource = {
      id: 'CAPHOOK1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '17.34' },
      custom_id: '',
      supplementary_data: { related_ids: { order_id: id } },
    };
    const [body, headers] = await signedEvent('PAYMENT.CAPTURE.COMPLETED', resource);
    expect(await handlePaypalWebhook(body, headers)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: id });
    expect(await chargeRef(c.orderNo)).toBe('CAPHOOK1');
    expect(await handlePaypalWebhook(body, headers)).toEqual({ changed: false, orderIds: c.orderIds, paid: true });
  });

  it('PAYMENT.CAPTURE.COMPLETED finds the checkout by its custom_id, and refuses another amount (422)', async () => {
    const { c, id } = await checkout(false);
    const resource = (value: string) => ({
      id: 'CAPHOOK2',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value },
      custom_id: c.orderNo,
      supplementary_data: { related_ids: { order_id: id } },
    });
    const [wrong, h1] = await signedEvent('PAYMENT.CAPTURE.COMPLETED', resource('17.00'));
    await expect(handlePaypalWebhook(wrong, h1)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    const [right, h2] = await signedEvent('PAYMENT.CAPTURE.COMPLETED', resource('17.34'));
    expect(await handlePaypalWebhook(right, h2)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: id });
  });
});

describe('Flutterwave: what a verified transaction does to the checkout', () => {
  /** A two-store checkout (₦12.34 + ₦5.00) with its payment link made at the fake (stored unless `store` is false). */
  async function checkout(store = true) {
    const c = await placeCheckout({ userId, totals: [1234, 500], method: 5, gateway: 'flutterwave', currency: 'NGN' });
    const start = await flutterwaveProvider.start(requestFor(c));
    if (start.kind !== 'redirect') throw new Error('Flutterwave starts on its own page');
    if (store) await storeReference(c.paymentId, start.reference);
    return { c, txRef: start.reference, url: start.url };
  }
  /** The shopper acts on the hosted page; answers the query our return page receives. */
  async function shopper(url: string, action: 'pay' | 'decline' | 'pending' | 'cancel') {
    const res = await fetch(`${url}/${action}`, { redirect: 'manual' });
    return new URL(res.headers.get('location')!).searchParams;
  }

  it('a successful transaction pays every order; a refund will name the transaction', async () => {
    const { c, txRef, url } = await checkout();
    const query = await shopper(url, 'pay');
    expect(await handleFlutterwaveReturn(query)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: txRef });
    expect(await chargeRef(c.orderNo)).toBe(query.get('transaction_id'));
  });

  it("an older attempt's transaction finds its checkout by the order number in its tx_ref", async () => {
    const older = await checkout(false);
    const query = await shopper(older.url, 'pay');
    // A newer attempt's reference is the one stored.
    await storeReference(older.c.paymentId, `${older.c.orderNo}-0badcafe`);
    expect(await handleFlutterwaveReturn(query)).toEqual({ changed: true, orderIds: older.c.orderIds, paid: true });
    expect((await checkoutState(older.c.orderNo)).paid).toEqual([1, 1]);
  });

  it('a failed or pending transaction leaves it unpaid, even when the return claims success', async () => {
    for (const action of ['decline', 'pending'] as const) {
      const { c, txRef, url } = await checkout();
      const query = await shopper(url, action);
      query.set('status', 'successful');
      expect(await handleFlutterwaveReturn(query), action).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
      expect(await checkoutState(c.orderNo), action).toEqual({ ...UNPAID, reference: txRef });
    }
  });

  it('a transaction of another amount or currency is not paid (422)', async () => {
    const { c, txRef, url } = await checkout();
    const query = await shopper(url, 'pay');
    const tx = (
      await fetch(`${fake.flutterwaveBase}/transactions/${query.get('transaction_id')}/verify`, {
        headers: { authorization: `Bearer ${TEST_KEYS.FLUTTERWAVE_SECRET_KEY}` },
      }).then((r) => r.json())
    ).data;
    expect(tx.amount).toBe(17.34);
    for (const [amount, currency] of [
      [17.33, 'NGN'],
      [17.34, 'USD'],
    ] as const) {
      vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
        new Response(JSON.stringify({ status: 'success', data: { ...tx, amount, currency } })),
      );
      await expect(handleFlutterwaveReturn(query)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    }
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference: txRef });
  });

  it('a signed charge.completed is verified and pays; sent again it changes nothing', async () => {
    const { c, txRef, url } = await checkout();
    await shopper(url, 'pay');
    const delivery = fake.deliveries.at(-1)!;
    expect(await handleFlutterwaveWebhook(delivery.body, delivery.headers['verif-hash']!)).toEqual({
      changed: true,
      orderIds: c.orderIds,
      paid: true,
    });
    expect(await handleFlutterwaveWebhook(delivery.body, delivery.headers['verif-hash']!)).toEqual({
      changed: false,
      orderIds: c.orderIds,
      paid: true,
    });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: txRef });
  });
});

describe('iyzico: the checkout form asked for a checkout, and what its result does', () => {
  /** A checkout (two stores, ₺12.34 + ₺5.00 unless `totals`) with the addresses checkout stored on its orders. */
  async function checkout(addresses: { shipping?: unknown; billing?: unknown } = {}, totals = [1234, 500]) {
    const c = await placeCheckout({ userId, totals, method: 6, gateway: 'iyzico', currency: 'TRY' });
    await getDb()
      .update(orders)
      .set({ shippingAddress: addresses.shipping ?? null, billingAddress: addresses.billing ?? null })
      .where(eq(orders.orderNo, c.orderNo));
    return c;
  }
  const initialized = () =>
    JSON.parse(fake.requests.filter((r) => r.path === '/iyzico/payment/iyzipos/checkoutform/initialize/auth/ecom').at(-1)!.body);
  async function started(c: Awaited<ReturnType<typeof checkout>>) {
    const start = await iyzicoProvider.start(requestFor(c));
    if (start.kind !== 'redirect') throw new Error('iyzico starts on its own page');
    await storeReference(c.paymentId, start.reference);
    return start;
  }

  const HOME = {
    name: 'Ayşe Nur Yılmaz',
    phone: '+905551112233',
    city: 'Istanbul',
    country: 'Turkey',
    address_1: 'Bağdat Cd. 1',
    zip: '34710',
  };
  const SHOP = { name: 'Mehmet Kaya', city: 'Ankara', country: 'Turkey', address_1: 'Atatürk Blv. 5' };

  it('sends the buyer, both addresses and one basket line per store order that add up to the whole', async () => {
    const c = await checkout({ shipping: SHOP, billing: HOME });
    const start = await started(c);
    expect(start.url).toBe(`${fake.origin}/iyzico/pay/${start.reference}`);
    expect(initialized()).toEqual({
      locale: 'en',
      conversationId: c.orderNo,
      price: '17.34',
      paidPrice: '17.34',
      currency: 'TRY',
      basketId: c.orderNo,
      paymentGroup: 'PRODUCT',
      callbackUrl: `http://127.0.0.1:4321/payment-return/iyzico/${c.orderId}`,
      enabledInstallments: [1],
      buyer: {
        id: String(userId),
        name: 'Ayşe',
        surname: 'Nur Yılmaz',
        email: c.email,
        identityNumber: '11111111111',
        registrationAddress: 'Bağdat Cd. 1',
        city: 'Istanbul',
        country: 'Turkey',
        gsmNumber: '+905551112233',
      },
      shippingAddress: { contactName: 'Mehmet Kaya', city: 'Ankara', country: 'Turkey', address: 'Atatürk Blv. 5' },
      billingAddress: { contactName: 'Ayşe Nur Yılmaz', city: 'Istanbul', country: 'Turkey', address: 'Bağdat Cd. 1', zipCode: '34710' },
      basketItems: [
        { id: String(c.orderIds[0]), name: `Voltmart order ${c.orderNo}`, category1: 'Electronics', itemType: 'PHYSICAL', price: '12.34' },
        { id: String(c.orderIds[1]), name: `Voltmart order ${c.orderNo}`, category1: 'Electronics', itemType: 'PHYSICAL', price: '5.00' },
      ],
    });
  });

  it('uses the one address it has for both, and placeholders where checkout stored none', async () => {
    await started(await checkout({ shipping: { name: 'Solo', city: 'Izmir' } }));
    const onlyShipping = initialized();
    expect(onlyShipping.buyer).toMatchObject({ name: 'Solo', surname: 'Solo', registrationAddress: 'N/A', city: 'Izmir', country: 'N/A' });
    expect(onlyShipping.buyer).not.toHaveProperty('gsmNumber');
    expect(onlyShipping.billingAddress).toEqual({ contactName: 'Solo', city: 'Izmir', country: 'N/A', address: 'N/A' });
    expect(onlyShipping.shippingAddress).toEqual(onlyShipping.billingAddress);

    await started(await checkout({ billing: { city: 'Bursa' } }));
    expect(initialized().shippingAddress.city).toBe('Bursa');

    const none = await checkout();
    await started(none);
    const local = none.email.split('@')[0];
    const sent = initialized();
    expect(sent.buyer).toEqual({
      id: String(userId),
      name: local,
      surname: local,
      email: none.email,
      identityNumber: '11111111111',
      registrationAddress: 'N/A',
      city: 'N/A',
      country: 'N/A',
    });
    expect(sent.billingAddress).toEqual({ contactName: local, city: 'N/A', country: 'N/A', address: 'N/A' });
    expect(sent.shippingAddress).toEqual(sent.billingAddress);
  });

  it('a one-store checkout is one line of the whole; a description is cut to 100 characters', async () => {
    const c = await checkout({}, [1734]);
    await iyzicoProvider.start({ ...requestFor(c), description: 'd'.repeat(150) });
    expect(initialized().basketItems).toEqual([
      { id: String(c.orderId), name: 'd'.repeat(100), category1: 'Electronics', itemType: 'PHYSICAL', price: '17.34' },
    ]);
  });

  it('a request for a checkout with no orders is one line of the whole, by its first order id', async () => {
    const c = await checkout();
    await iyzicoProvider.start({ ...requestFor(c), orderNo: 'VM-NO-SUCH-ORDER', orderId: 4242, amount: 999 });
    const sent = initialized();
    expect(sent.basketItems).toEqual([
      { id: '4242', name: `Voltmart order ${c.orderNo}`, category1: 'Electronics', itemType: 'PHYSICAL', price: '9.99' },
    ]);
    expect(sent.buyer.id).toBe('4242');
  });

  it('a form iyzico refuses gives the shopper "no page to pay on", and the operator its reason', async () => {
    const c = await checkout();
    const error = vi.spyOn(log, 'error');
    const unavailable = expect.objectContaining({ code: 'UNAVAILABLE', message: 'Iyzico did not answer with a page to pay on.' });
    // iyzico refuses a basket whose lines do not add up (here: an amount that is not the orders' sum).
    await expect(iyzicoProvider.start({ ...requestFor(c), amount: 1 })).rejects.toThrow(unavailable);
    expect(error).toHaveBeenCalledWith({ reason: 'basketItems price sum must equal price' }, 'payments: iyzico refused the checkout form');
    for (const answer of [
      { status: 'failure' },
      { status: 'success', paymentPageUrl: 'https://iyzico.test/pay' },
      { status: 'success', token: 'tok-00000001' },
    ]) {
      vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(JSON.stringify(answer)));
      await expect(iyzicoProvider.start(requestFor(c))).rejects.toThrow(unavailable);
      expect(error).toHaveBeenLastCalledWith({ reason: answer.status }, 'payments: iyzico refused the checkout form');
    }
  });

  it('a SUCCESS accepted by the fraud check pays every order', async () => {
    const c = await checkout();
    const start = await started(c);
    fake.iyzicoComplete(start.reference, 'SUCCESS');
    expect(await handleIyzicoReturn(start.reference)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ ...PAID, reference: start.reference });
  });

  it('finds the checkout by the basket id iyzico echoes', async () => {
    const c = await checkout();
    const start = await iyzicoProvider.start(requestFor(c));
    if (start.kind !== 'redirect') throw new Error('redirect');
    fake.iyzicoComplete(start.reference, 'SUCCESS');
    expect(await handleIyzicoReturn(start.reference)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
  });

  it('a FAILURE, a 3-D Secure step, or a payment held or refused by the fraud check leaves it unpaid', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['FAILURE', {}],
      ['INIT_THREEDS', {}],
      ['SUCCESS', { fraudStatus: 0 }],
      ['SUCCESS', { fraudStatus: -1 }],
      ['SUCCESS', { fraudStatus: '0' }],
    ];
    for (const [status, extra] of cases) {
      const c = await checkout();
      const start = await started(c);
      fake.iyzicoComplete(start.reference, status, extra);
      expect(await handleIyzicoReturn(start.reference), status).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
      expect(await checkoutState(c.orderNo), status).toEqual({ ...UNPAID, reference: start.reference });
    }
  });

  it('a fraud status of "1" as text is accepted like 1', async () => {
    const c = await checkout();
    const start = await started(c);
    fake.iyzicoComplete(start.reference, 'SUCCESS', { fraudStatus: '1' });
    expect(await handleIyzicoReturn(start.reference)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
  });

  it('a result of another paid price or currency is not paid (422)', async () => {
    const c = await checkout();
    const start = await started(c);
    fake.iyzicoComplete(start.reference, 'SUCCESS');
    fake.iyzicoForm(start.reference).paidPrice = '17.35';
    await expect(handleIyzicoReturn(start.reference)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    fake.iyzicoForm(start.reference).paidPrice = '17.34';
    fake.iyzicoForm(start.reference).currency = 'USD';
    await expect(handleIyzicoReturn(start.reference)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    delete fake.iyzicoForm(start.reference).currency;
    await expect(handleIyzicoReturn(start.reference)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference: start.reference });
  });
});

describe('Authorize.Net: what a transaction read from Authorize.Net does to the checkout', () => {
  /** A two-store checkout ($12.34 + $5.00) with its Accept Hosted page; `pay` makes the transaction. */
  async function checkout() {
    const c = await placeCheckout({ userId, totals: [1234, 500], method: 8, gateway: 'authorize-net' });
    const start = await authorizeNetProvider.start(requestFor(c));
    if (start.kind !== 'client') throw new Error('Accept Hosted');
    await storeReference(c.paymentId, start.reference);
    const pay = (outcome: boolean | string = true) => fake.authorizeNetPay(String(start.extra!.token), outcome);
    return { c, invoice: start.reference, pay };
  }

  it('a captured transaction (pending settlement or settled) pays every order, by trans id or by the return', async () => {
    for (const status of ['capturedPendingSettlement', 'settledSuccessfully']) {
      const { c, invoice, pay } = await checkout();
      const tx = pay(status);
      expect(await handleAuthorizeNetDone(tx.transId), status).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
      expect(await checkoutState(c.orderNo), status).toEqual({ ...PAID, reference: invoice });
      expect(await handleAuthorizeNetReturn(invoice), status).toEqual({ changed: false, orderIds: c.orderIds, paid: true });
    }
    const { c, invoice, pay } = await checkout();
    pay(true);
    expect(await handleAuthorizeNetReturn(invoice)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
  });

  it('an approved transaction not captured, declined, voided, in error or under review leaves it unpaid', async () => {
    for (const status of [
      'authorizedPendingCapture',
      'voided',
      'expired',
      'couldNotVoid',
      'declined',
      'generalError',
      'FDSPendingReview',
      'underReview',
    ]) {
      const { c, invoice, pay } = await checkout();
      const tx = pay(status);
      expect(await handleAuthorizeNetDone(tx.transId), status).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
      expect(await checkoutState(c.orderNo), status).toEqual({ ...UNPAID, reference: invoice });
    }
  });

  it('a captured status with a response code other than approved is not paid', async () => {
    const { c, pay } = await checkout();
    const tx = pay('capturedPendingSettlement');
    tx.responseCode = 4;
    expect(await handleAuthorizeNetDone(tx.transId)).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
  });

  it('pays for the amount settled, and reads a declined card for the amount authorised (settled: 0)', async () => {
    const { c, pay } = await checkout();
    const tx = pay(true);
    tx.authAmount = 99.99;
    expect(await handleAuthorizeNetDone(tx.transId)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    const other = await checkout();
    const declined = other.pay(false);
    expect(declined.settleAmount).toBe(0);
    expect(await handleAuthorizeNetDone(declined.transId)).toEqual({ changed: false, orderIds: other.c.orderIds, paid: false });
    const short = await checkout();
    const partial = short.pay(true);
    partial.settleAmount = 17.0;
    await expect(handleAuthorizeNetDone(partial.transId)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    Reflect.deleteProperty(partial, 'settleAmount');
    await expect(handleAuthorizeNetDone(partial.transId)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect((await checkoutState(short.c.orderNo)).status).toBe('pending');
  });

  it("settles in the account's currency", async () => {
    const c = await placeCheckout({ userId, totals: [1734], method: 8, gateway: 'authorize-net', currency: 'CAD' });
    process.env.AUTHORIZE_NET_CURRENCY = 'cad';
    try {
      const start = await authorizeNetProvider.start(requestFor(c));
      if (start.kind !== 'client') throw new Error('Accept Hosted');
      await storeReference(c.paymentId, start.reference);
      const tx = fake.authorizeNetPay(String(start.extra!.token), true);
      expect(await handleAuthorizeNetDone(tx.transId)).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    } finally {
      delete process.env.AUTHORIZE_NET_CURRENCY;
    }
  });
});
