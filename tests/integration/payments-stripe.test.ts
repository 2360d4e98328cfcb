import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, paymentEvents, payments } from '@/server/db/schema';
import { useTestDatabase } from '../setup/db';
import { listApiRoutes, request } from './http';
import { startFakePayments, stripeSignature } from '../fakes/payments.mjs';
import { checkoutState, makeShopper, placeCheckout, requestFor, storeReference, TEST_KEYS } from './payment-fixtures';
import { stripeProvider } from '@/server/payments/stripe';
import { loadPayPage } from '@/server/payments/pay-page';
import { listPaymentGateways } from '@/server/payments/gateways';
import { BAD_SIGNATURE } from '@/server/payments/signature';
import { PAYMENT_MISMATCH } from '@/server/payments/settle';

useTestDatabase();

const routes = listApiRoutes();
const webhook = (body: string, headers: Record<string, string>) =>
  request(routes, '/api/v1/order/payment-done', { method: 'POST', headers, body });

let fake: Awaited<ReturnType<typeof startFakePayments>>;
let userId: number;
beforeAll(async () => {
  fake = await startFakePayments({
    stripe: {
      secretKey: TEST_KEYS.STRIPE_SECRET_KEY,
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    },
    deliver: async (d) => ({ status: (await webhook(d.body, d.headers)).status }),
  });
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.origin,
  });
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());

/** A Stripe checkout of two store orders ($12.34 + $5.00) with its intent created and stored, as checkout does. */
async function stripeCheckout() {
  const checkout = await placeCheckout({ userId, totals: [1234, 500], method: 3, gateway: 'stripe' });
  const start = await stripeProvider.start(requestFor(checkout));
  if (start.kind !== 'client') throw new Error('Stripe starts on the pay page');
  await storeReference(checkout.paymentId, start.reference);
  return { checkout, start };
}

describe('Stripe', () => {
  it('is offered with its publishable key only when all three keys are set', () => {
    const stripe = listPaymentGateways().find((g) => g.id === 3);
    expect(stripe).toEqual({ id: 3, name: 'Stripe', enabled: true, public_key: TEST_KEYS.STRIPE_PUBLISHABLE_KEY });
    const without = listPaymentGateways({ ...process.env, STRIPE_WEBHOOK_SECRET: '' }).find((g) => g.id === 3);
    expect(without?.enabled).toBe(false);
  });

  it('creates a Payment Intent for the whole checkout in cents, with the order number in its metadata', async () => {
    const { checkout, start } = await stripeCheckout();
    expect(start).toMatchObject({ kind: 'client', publicKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY });
    expect(start.kind === 'client' && start.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(fake.stripeIntent(start.reference)).toMatchObject({ amount: 1734, currency: 'usd', metadata: { order_no: checkout.orderNo } });
  });

  it('marks every order of the checkout paid once the signed payment_intent.succeeded webhook arrives', async () => {
    const { checkout, start } = await stripeCheckout();
    const delivered = await fake.stripePay(start.reference);
    expect(delivered.error).toBeUndefined();
    expect(fake.deliveries.at(-1)?.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
    const page = await loadPayPage(checkout.orderId, userId, 'http://127.0.0.1:4321', 'Voltmart');
    expect(page).toMatchObject({ amount: 1734, currency: 'USD', pay: { state: 'paid' } });
  });

  it('leaves the order unpaid when the card is declined, and the pay page offers the same intent again', async () => {
    const { checkout, start } = await stripeCheckout();
    const outcome = await fake.stripePay(start.reference, '4000000000000002');
    expect(outcome.error?.message).toBe('Your card was declined.');
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0], received: 0 });
    const page = await loadPayPage(checkout.orderId, userId, 'http://127.0.0.1:4321', 'Voltmart');
    expect(page.pay).toMatchObject({ state: 'pay', gateway: 'stripe', start: { kind: 'client', reference: start.reference } });
  });

  it('leaves an abandoned (cancelled) payment unpaid, and a retry from the pay page can still pay it', async () => {
    const { checkout, start } = await stripeCheckout();
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0] });
    const page = await loadPayPage(checkout.orderId, userId, 'http://127.0.0.1:4321', 'Voltmart');
    if (page.pay.state !== 'pay') throw new Error('the pay page offers to pay');
    expect(page.pay.start.reference).toBe(start.reference);
    await fake.stripePay(page.pay.start.reference);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1] });
  });

  it('changes nothing when the same event is delivered again, or another event repeats the payment', async () => {
    const { checkout, start } = await stripeCheckout();
    await fake.stripePay(start.reference);
    const first = fake.deliveries.at(-1)!;
    const again = await webhook(first.body, first.headers);
    expect(again.status).toBe(200);
    expect((await again.json()).data).toMatchObject({ gateway: 'stripe', changed: false });
    // A new event id about the same, already paid intent (Stripe may send more than one).
    const event = JSON.parse(first.body);
    const other = JSON.stringify({ ...event, id: `${event.id}_2` });
    const second = await webhook(other, {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(TEST_KEYS.STRIPE_WEBHOOK_SECRET, other),
    });
    expect((await second.json()).data.changed).toBe(false);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
  });

  it('applies a payment once when its webhooks arrive at the same time (row lock; run on PostgreSQL with a pool)', async () => {
    const { checkout, start } = await stripeCheckout();
    await fake.stripePay(start.reference);
    const first = fake.deliveries.at(-1)!;
    const event = JSON.parse(first.body);
    const bodies = Array.from({ length: 12 }, (_, i) => (i % 2 ? first.body : JSON.stringify({ ...event, id: `${event.id}_c${i}` })));
    // Undo the first delivery's effect so the concurrent ones race for a pending row.
    await getDb().update(payments).set({ status: 'pending' }).where(eq(payments.id, checkout.paymentId));
    await getDb().update(orders).set({ paymentStatus: 0 }).where(inArray(orders.id, checkout.orderIds));
    await getDb().delete(orderStatusHistory).where(inArray(orderStatusHistory.orderId, checkout.orderIds));
    await getDb().delete(paymentEvents).where(eq(paymentEvents.orderNo, checkout.orderNo));
    const answers = await Promise.all(
      bodies.map((body) =>
        webhook(body, { 'content-type': 'application/json', 'stripe-signature': stripeSignature(TEST_KEYS.STRIPE_WEBHOOK_SECRET, body) }),
      ),
    );
    const results = await Promise.all(answers.map(async (r) => ({ status: r.status, changed: (await r.json()).data?.changed })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.changed).length).toBe(1);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
  });

  it('refuses a forged or unsigned webhook with 400 before reading it', async () => {
    const { checkout, start } = await stripeCheckout();
    const intent = { ...fake.stripeIntent(start.reference), status: 'succeeded', amount_received: 1734 };
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: intent } });
    const attempts: Record<string, string>[] = [
      { 'stripe-signature': stripeSignature('whsec_someone_else', body) },
      { 'stripe-signature': 't=1,v1=00' },
      { 'stripe-signature': stripeSignature(TEST_KEYS.STRIPE_WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000) - 3600) },
      {},
    ];
    for (const headers of attempts) {
      const res = await webhook(body, { 'content-type': 'application/json', ...headers });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(BAD_SIGNATURE);
    }
    // A genuine signature over one body does not cover another.
    const signed = stripeSignature(TEST_KEYS.STRIPE_WEBHOOK_SECRET, body);
    const tampered = await webhook(body.replace('evt_forged', 'evt_forged2'), {
      'content-type': 'application/json',
      'stripe-signature': signed,
    });
    expect(tampered.status).toBe(400);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0], received: 0 });
  });

  it('refuses a correctly signed payment of another amount or currency (422) and writes nothing', async () => {
    const { checkout, start } = await stripeCheckout();
    for (const change of [{ amount_received: 1000 }, { currency: 'eur' }]) {
      const intent = { ...fake.stripeIntent(start.reference), status: 'succeeded', amount_received: 1734, ...change };
      const body = JSON.stringify({
        id: `evt_${Math.random()}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: intent },
      });
      const res = await webhook(body, {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(TEST_KEYS.STRIPE_WEBHOOK_SECRET, body),
      });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(PAYMENT_MISMATCH);
    }
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0], received: 0 });
  });

  it("shows another user's order as not found", async () => {
    const { checkout } = await stripeCheckout();
    const stranger = await makeShopper('Mallory');
    await expect(loadPayPage(checkout.orderId, stranger.id, 'http://127.0.0.1:4321', 'Voltmart')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
