import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { useTestDatabase } from '../setup/db';
import { listApiRoutes, request, requestModule } from './http';
import { startFakePayments } from '../fakes/payments.mjs';
import { checkoutState, makeShopper, placeCheckout, requestFor, storeReference, TEST_KEYS } from './payment-fixtures';
import { razorpayProvider } from '@/server/payments/razorpay';
import { loadPayPage } from '@/server/payments/pay-page';
import { listPaymentGateways } from '@/server/payments/gateways';
import { BAD_SIGNATURE } from '@/server/payments/signature';
import { PAYMENT_MISMATCH } from '@/server/payments/settle';
import * as callbackRoute from '@/pages/razorpay-callback';

useTestDatabase();

const routes = listApiRoutes();
const webhook = (body: string, headers: Record<string, string>) =>
  request(routes, '/api/v1/order/payment-done', { method: 'POST', headers, body });
/** The pay page posts Checkout's answer as a plain form (same origin). */
const callback = (fields: Record<string, string>, accept = 'text/html') =>
  requestModule(callbackRoute, '/razorpay-callback', {}, '/razorpay-callback', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept, origin: 'http://127.0.0.1:4321' },
    body: new URLSearchParams(fields).toString(),
  });
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

let fake: Awaited<ReturnType<typeof startFakePayments>>;
let userId: number;
beforeAll(async () => {
  fake = await startFakePayments({
    razorpay: {
      keyId: TEST_KEYS.RAZORPAY_KEY_ID,
      keySecret: TEST_KEYS.RAZORPAY_KEY_SECRET,
      webhookSecret: TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
    },
    // Webhooks are kept (fake.deliveries) and sent by the tests themselves.
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, {
    RAZORPAY_KEY_ID: TEST_KEYS.RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: TEST_KEYS.RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
    RAZORPAY_API_BASE: fake.razorpayBase,
  });
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());

async function razorpayCheckout(totals = [49_900, 10_000], startAmount?: number) {
  const checkout = await placeCheckout({ userId, totals, method: 1, gateway: 'razorpay', currency: 'INR' });
  const start = await razorpayProvider.start({ ...requestFor(checkout), amount: startAmount ?? checkout.amount });
  if (start.kind !== 'client') throw new Error('Razorpay pays on the pay page');
  await storeReference(checkout.paymentId, start.reference);
  return { checkout, start };
}

describe('Razorpay', () => {
  it('is offered with its key id only when the key id and secret are set', () => {
    expect(listPaymentGateways().find((g) => g.id === 1)).toEqual({
      id: 1,
      name: 'Razorpay',
      enabled: true,
      public_key: TEST_KEYS.RAZORPAY_KEY_ID,
    });
    expect(listPaymentGateways({ RAZORPAY_KEY_ID: 'rzp_x' }).find((g) => g.id === 1)?.enabled).toBe(false);
  });

  it('creates a Razorpay order for the checkout in paise and marks it paid from a correctly signed callback', async () => {
    const { checkout, start } = await razorpayCheckout();
    expect(start).toMatchObject({ kind: 'client', publicKey: TEST_KEYS.RAZORPAY_KEY_ID, extra: { amount: 59_900, currency: 'INR' } });
    const answer = await fake.razorpayPay(start.reference);
    expect(answer.razorpay_signature).toBe(hmac(TEST_KEYS.RAZORPAY_KEY_SECRET, `${start.reference}|${answer.razorpay_payment_id}`));
    const res = await callback(answer);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/user/order/success/${checkout.orderId}`);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
  });

  it('captures a payment that is only authorized before marking the order paid', async () => {
    const { checkout, start } = await razorpayCheckout();
    const answer = await fake.razorpayPay(start.reference, 'authorized');
    const res = await callback(answer, 'application/json');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ changed: true, paid: true });
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1] });
  });

  it('leaves the order unpaid when the payment failed, and sends the shopper back to pay', async () => {
    const { checkout, start } = await razorpayCheckout();
    const answer = await fake.razorpayPay(start.reference, 'failed');
    const res = await callback(answer);
    expect(res.headers.get('location')).toBe(`/user/order/pay/${checkout.orderId}?failed=1`);
    const failedEvent = fake.deliveries.at(-1)!;
    expect(JSON.parse(failedEvent.body).event).toBe('payment.failed');
    expect((await webhook(failedEvent.body, failedEvent.headers)).status).toBe(200);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0], received: 0 });
  });

  it('leaves a cancelled checkout unpaid; the pay page starts a new Razorpay order for the retry', async () => {
    const { checkout, start } = await razorpayCheckout();
    const page = await loadPayPage(checkout.orderId, userId, 'http://127.0.0.1:4321', 'Voltmart');
    if (page.pay.state !== 'pay') throw new Error('the pay page offers to pay');
    expect(page.pay.start.reference).not.toBe(start.reference);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', reference: page.pay.start.reference, paid: [0, 0] });
    expect((await callback(await fake.razorpayPay(page.pay.start.reference))).status).toBe(303);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1] });
  });

  it('changes nothing when the callback is posted again or the order.paid webhook is replayed', async () => {
    const { checkout, start } = await razorpayCheckout();
    const answer = await fake.razorpayPay(start.reference);
    const paidEvent = fake.deliveries.at(-1)!;
    expect(JSON.parse(paidEvent.body).event).toBe('order.paid');
    expect((await (await callback(answer, 'application/json')).json()).data).toMatchObject({ changed: true });
    expect((await (await callback(answer, 'application/json')).json()).data).toMatchObject({ changed: false, paid: true });
    for (let i = 0; i < 2; i++) {
      const res = await webhook(paidEvent.body, paidEvent.headers);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ gateway: 'razorpay', changed: false });
    }
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
  });

  it('refuses a forged callback signature or webhook signature with 400', async () => {
    const { checkout, start } = await razorpayCheckout();
    const answer = await fake.razorpayPay(start.reference);
    const paidEvent = fake.deliveries.at(-1)!;
    const forged = [
      { ...answer, razorpay_signature: hmac('not-the-secret', `${answer.razorpay_order_id}|${answer.razorpay_payment_id}`) },
      { ...answer, razorpay_signature: '' },
      { ...answer, razorpay_payment_id: 'pay_someone_elses' },
    ];
    for (const fields of forged) {
      const res = await callback(fields, 'application/json');
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(BAD_SIGNATURE);
    }
    const badHook = await webhook(paidEvent.body, { ...paidEvent.headers, 'x-razorpay-signature': hmac('wrong', paidEvent.body) });
    expect(badHook.status).toBe(400);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0], received: 0 });
  });

  it('refuses a payment for another amount than the checkout (422) and leaves it unpaid', async () => {
    const { checkout, start } = await razorpayCheckout([59_900], 100);
    const res = await callback(await fake.razorpayPay(start.reference), 'application/json');
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(PAYMENT_MISMATCH);
    const paidEvent = fake.deliveries.at(-1)!;
    expect((await webhook(paidEvent.body, paidEvent.headers)).status).toBe(422);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0], received: 0 });
  });
});
