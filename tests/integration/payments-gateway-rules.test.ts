/**
 * The gateway modules' verified answers as they reach the checkout (docs/mutation-testing.md, run U): each
 * module's webhook or return handler called directly, with the fake gateway (tests/fakes/payments.mjs) in this
 * process, and the exact state read back — the payment row's status, each order paid or not, the 'Payment
 * received' notes. The smallest integration driver of the gateways' mutation runs; what needs no database is in
 * tests/unit/payments-<gateway>-rules.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { startFakePayments, stripeSignature } from '../fakes/payments.mjs';
import { checkoutState, makeShopper, placeCheckout, storeReference, TEST_KEYS } from './payment-fixtures';
import { handleStripeWebhook } from '@/server/payments/stripe';

useTestDatabase();

let fake: Awaited<ReturnType<typeof startFakePayments>>;
let userId: number;
beforeAll(async () => {
  fake = await startFakePayments({
    stripe: {
      secretKey: TEST_KEYS.STRIPE_SECRET_KEY,
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, TEST_KEYS, { STRIPE_API_BASE: fake.origin });
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());

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
    const result = await send('payment_intent.succeeded', { id: 'pi_not_stored', amount: 1734, amount_received: 1734, metadata: { order_no: c.orderNo } });
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

  it('applies one event once: the same event id again changes nothing', async () => {
    const { c, reference } = await checkout();
    const intent = { id: reference, amount: 1734, amount_received: 1734, metadata: {} };
    await send('payment_intent.payment_failed', { ...intent, amount_received: 0 }, 'evt_rules_once');
    expect(await send('payment_intent.succeeded', intent, 'evt_rules_once')).toEqual({ changed: false, orderIds: c.orderIds, paid: false });
    expect(await checkoutState(c.orderNo)).toEqual({ ...UNPAID, reference });
  });
});
