/**
 * Issue 30: a cancelled order is never paid, and money that arrives for it anyway is never dropped.
 * Through each widget gateway (Stripe, Razorpay) and redirect gateway (PayPal, Flutterwave) of the fake:
 * the pay page refuses the cancelled order; a charge that still reaches the shop is recorded as a refund
 * due, the operator is mailed, and where the gateway has a refund API the money goes back once, however
 * many times the webhook comes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox } from './auth-helpers';
import { listApiRoutes, request, requestModule } from './http';
import { startFakePayments } from '../fakes/payments.mjs';
import { hostedPageChoice, makeShopper, placeCheckout, requestFor, storeReference, TEST_KEYS } from './payment-fixtures';
import { getDb } from '@/server/db/client';
import { orderStatusHistory, paymentRefunds, payments } from '@/server/db/schema';
import { stripeProvider } from '@/server/payments/stripe';
import { razorpayProvider } from '@/server/payments/razorpay';
import { paypalProvider } from '@/server/payments/paypal';
import { flutterwaveProvider } from '@/server/payments/flutterwave';
import { loadPayPage } from '@/server/payments/pay-page';
import { listRefundsDue, MANUAL_REFUND_NOTE, markRefunded, REFUND_DUE_NOTE, retryRefund } from '@/server/payments/stray';
import { cancelOrder } from '@/server/orders/life';
import { REVIEW_NOTE } from '@/server/payments/cancel';
import { getSettings, putSetting } from '@/server/settings';
import { readOutbox } from '@/server/mail/outbox';
import type { PaymentProvider } from '@/server/payments/provider';
import * as returnRoute from '@/pages/payment-return/[gateway]/[id]';
import * as callbackRoute from '@/pages/razorpay-callback';

const outbox = useScratchOutbox();
useTestDatabase();

const ORIGIN = 'http://127.0.0.1:4321';
const SHOP_MAIL = 'operator@shop.test';
const routes = listApiRoutes();
const webhook = (d: { body: string; headers: Record<string, string> }) =>
  request(routes, '/api/v1/order/payment-done', { method: 'POST', headers: d.headers, body: d.body });
/** The shopper's browser arriving at our return URL (whatever the gateway added to it). */
const back = (url: URL) => {
  const [, , gateway, id] = url.pathname.split('/');
  return requestModule(returnRoute, '/payment-return/[gateway]/[id]', { gateway: gateway!, id: id! }, url.pathname + url.search);
};
const callback = (fields: Record<string, string>) =>
  requestModule(callbackRoute, '/razorpay-callback', {}, '/razorpay-callback', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });

let fake: Awaited<ReturnType<typeof startFakePayments>>;
let userId: number;
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
    flutterwave: { secretKey: TEST_KEYS.FLUTTERWAVE_SECRET_KEY, secretHash: TEST_KEYS.FLUTTERWAVE_SECRET_HASH },
    // Webhooks are kept (fake.deliveries) and sent by the tests themselves, as often as they like.
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, {
    ...TEST_KEYS,
    STRIPE_API_BASE: fake.origin,
    RAZORPAY_API_BASE: fake.razorpayBase,
    PAYPAL_API_BASE: fake.paypalBase,
    FLUTTERWAVE_API_BASE: fake.flutterwaveBase,
  });
  await putSetting('setting', { ...(await getSettings()).setting, email: SHOP_MAIL });
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());

/** A one-store checkout with the gateway's payment started, as checkout does, and then cancelled by the shopper. */
async function cancelledCheckout(provider: PaymentProvider, currency = 'USD', total = 1734) {
  const checkout = await placeCheckout({ userId, totals: [total], method: provider.method, gateway: provider.gateway, currency });
  const start = await provider.start(requestFor(checkout, ORIGIN));
  if (start.kind === 'offline') throw new Error('a gateway starts a payment');
  await storeReference(checkout.paymentId, start.reference);
  return { checkout, start };
}
const cancel = (orderId: number) => cancelOrder(userId, orderId, 'Changed my mind');

async function refundRows(orderNo: string) {
  return getDb().select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
}
async function notes(orderId: number) {
  const rows = await getDb()
    .select({ note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId));
  return rows.map((r) => r.note);
}
async function operatorMails(orderNo: string) {
  return (await readOutbox(outbox)).filter((m) => m.to === SHOP_MAIL && m.subject.includes(orderNo));
}
async function paymentRow(orderNo: string) {
  const [row] = await getDb().select().from(payments).where(eq(payments.orderNo, orderNo));
  return row!;
}

describe('a cancelled order cannot be paid', () => {
  it('the pay page refuses it for every gateway, with the reason, and asks no gateway for a new payment', async () => {
    for (const provider of [stripeProvider, razorpayProvider, paypalProvider, flutterwaveProvider]) {
      const { checkout, start } = await cancelledCheckout(provider, provider === razorpayProvider ? 'INR' : 'USD');
      await cancel(checkout.orderId);
      const page = await loadPayPage(checkout.orderId, userId, ORIGIN, 'Voltmart');
      expect(page.pay, provider.gateway).toEqual({ state: 'closed', reason: 'cancelled' });
      // The stored reference is the one checkout started: the page did not start another payment.
      expect((await paymentRow(checkout.orderNo)).gatewayRef).toBe(start.reference);
      // Stripe's intent was cancelled and PayPal is never captured; the others cannot be stopped: marked for review.
      const review = ['razorpay', 'flutterwave'].includes(provider.gateway);
      expect((await notes(checkout.orderId)).includes(REVIEW_NOTE), provider.gateway).toBe(review);
    }
  });

  it('Stripe: cancelling the order cancels its PaymentIntent at Stripe', async () => {
    const { checkout, start } = await cancelledCheckout(stripeProvider);
    await cancel(checkout.orderId);
    expect(fake.stripeIntent(start.reference)?.status).toBe('canceled');
  });
});

describe('money that reaches the shop for a cancelled order is recorded and given back', () => {
  it('Stripe: the succeeded webhook, delivered 5 times, records a refund due and refunds once', async () => {
    const { checkout, start } = await cancelledCheckout(stripeProvider);
    // The shopper's card form was already open: the charge goes through at Stripe after the cancellation.
    await cancel(checkout.orderId);
    const paid = await fake.stripePay(start.reference);
    expect(paid.error).toBeUndefined();
    const delivery = fake.deliveries.at(-1)!;
    for (let i = 0; i < 5; i++) expect((await webhook(delivery)).status).toBe(200);
    expect(fake.refunds.filter((r) => r.charge === start.reference)).toEqual([
      expect.objectContaining({ gateway: 'stripe', amount: 1734 }),
    ]);
    const [row] = await refundRows(checkout.orderNo);
    expect(row).toMatchObject({
      gateway: 'stripe',
      chargeRef: start.reference,
      amount: 1734,
      currency: 'USD',
      reason: 'cancelled',
      status: 'refunded',
    });
    expect(row!.refundRef).toMatch(/^re_/);
    expect(await notes(checkout.orderId)).toContain(REFUND_DUE_NOTE);
    expect(await operatorMails(checkout.orderNo)).toHaveLength(1);
    // The order stays cancelled and unpaid.
    expect((await paymentRow(checkout.orderNo)).status).toBe('failed');
    const page = await loadPayPage(checkout.orderId, userId, ORIGIN, 'Voltmart');
    expect(page.pay).toEqual({ state: 'closed', reason: 'cancelled', refund: 'refunded' });
  });

  it('Stripe: a second charge for a checkout already paid is refunded too', async () => {
    const checkout = await placeCheckout({ userId, totals: [1734], method: 3, gateway: 'stripe' });
    const first = await stripeProvider.start(requestFor(checkout, ORIGIN));
    const second = await stripeProvider.start(requestFor(checkout, ORIGIN));
    if (first.kind === 'offline' || second.kind === 'offline') throw new Error('Stripe starts');
    await storeReference(checkout.paymentId, first.reference);
    await fake.stripePay(first.reference);
    await webhook(fake.deliveries.at(-1)!);
    await fake.stripePay(second.reference);
    const again = fake.deliveries.at(-1)!;
    for (let i = 0; i < 5; i++) await webhook(again);
    expect((await paymentRow(checkout.orderNo)).status).toBe('paid');
    expect(fake.refunds.filter((r) => r.charge === first.reference)).toHaveLength(0);
    expect(fake.refunds.filter((r) => r.charge === second.reference)).toHaveLength(1);
    expect(await refundRows(checkout.orderNo)).toEqual([expect.objectContaining({ reason: 'paid', status: 'refunded' })]);
  });

  it("Stripe: one store order of two cancelled before paying: the other is paid, the cancelled one's share refunded once", async () => {
    const checkout = await placeCheckout({ userId, totals: [1234, 500], method: 3, gateway: 'stripe' });
    const start = await stripeProvider.start(requestFor(checkout, ORIGIN));
    if (start.kind === 'offline') throw new Error('Stripe starts');
    await storeReference(checkout.paymentId, start.reference);
    await cancel(checkout.orderIds[1]!);
    expect((await loadPayPage(checkout.orderId, userId, ORIGIN, 'Voltmart')).pay).toMatchObject({ state: 'pay' });
    await fake.stripePay(start.reference);
    const delivery = fake.deliveries.at(-1)!;
    for (let i = 0; i < 5; i++) expect((await webhook(delivery)).status).toBe(200);
    expect((await paymentRow(checkout.orderNo)).status).toBe('paid');
    expect(fake.refunds.filter((r) => r.charge === start.reference)).toEqual([expect.objectContaining({ amount: 500 })]);
    expect(await refundRows(checkout.orderNo)).toEqual([expect.objectContaining({ amount: 500, reason: 'cancelled', status: 'refunded' })]);
    expect(await notes(checkout.orderIds[1]!)).toContain(REFUND_DUE_NOTE);
    expect(await notes(checkout.orderIds[1]!)).not.toContain('Payment received');
    expect(await notes(checkout.orderIds[0]!)).toContain('Payment received');
  });

  it('Razorpay: a captured payment (callback and webhook 5 times) is refunded once; an authorized one is never captured', async () => {
    const { checkout, start } = await cancelledCheckout(razorpayProvider, 'INR', 49_900);
    await cancel(checkout.orderId);
    const answer = await fake.razorpayPay(start.reference, 'captured');
    const delivery = fake.deliveries.at(-1)!;
    expect((await callback(answer)).status).toBe(303);
    for (let i = 0; i < 5; i++) expect((await webhook(delivery)).status).toBe(200);
    expect(fake.refunds.filter((r) => r.charge === answer.razorpay_payment_id)).toEqual([
      expect.objectContaining({ gateway: 'razorpay', amount: 49_900 }),
    ]);
    expect(await refundRows(checkout.orderNo)).toEqual([
      expect.objectContaining({ chargeRef: answer.razorpay_payment_id, paymentRef: start.reference, status: 'refunded' }),
    ]);
    expect(await operatorMails(checkout.orderNo)).toHaveLength(1);

    const held = await cancelledCheckout(razorpayProvider, 'INR', 49_900);
    await cancel(held.checkout.orderId);
    const authorized = await fake.razorpayPay(held.start.reference, 'authorized');
    const res = await callback(authorized);
    expect(res.headers.get('location')).toBe(`/user/order/pay/${held.checkout.orderId}?failed=1`);
    expect(await refundRows(held.checkout.orderNo)).toEqual([]);
  });

  it('PayPal: an approved order is not captured once the checkout is cancelled', async () => {
    const { checkout, start } = await cancelledCheckout(paypalProvider);
    if (start.kind !== 'redirect') throw new Error('PayPal redirects');
    const returned = await hostedPageChoice(start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=approve&'));
    await cancel(checkout.orderId);
    const res = await back(returned);
    expect(res.headers.get('location')).toBe(`/user/order/pay/${checkout.orderId}?failed=1`);
    expect(fake.paypalOrder(start.reference)?.status).toBe('APPROVED');
    expect(await refundRows(checkout.orderNo)).toEqual([]);
  });

  it('PayPal: a capture that happened anyway (return and webhook 5 times) is refunded once', async () => {
    const { checkout, start } = await cancelledCheckout(paypalProvider);
    if (start.kind !== 'redirect') throw new Error('PayPal redirects');
    const returned = await hostedPageChoice(start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=approve&'));
    await cancel(checkout.orderId);
    // The capture raced the cancellation: PayPal took the money (captured with our credentials, as the return would).
    const token = await fetch(`${fake.paypalBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_KEYS.PAYPAL_CLIENT_ID}:${TEST_KEYS.PAYPAL_CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const captured = await fetch(`${fake.paypalBase}/v2/checkout/orders/${start.reference}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(captured.status).toBe(201);
    const delivery = fake.deliveries.at(-1)!;
    expect((await back(returned)).status).toBe(303);
    for (let i = 0; i < 5; i++) expect((await webhook(delivery)).status).toBe(200);
    const captureId = fake.paypalOrder(start.reference)!.purchase_units[0].payments.captures[0].id;
    expect(fake.refunds.filter((r) => r.charge === captureId)).toHaveLength(1);
    expect(await refundRows(checkout.orderNo)).toEqual([
      expect.objectContaining({ chargeRef: captureId, status: 'refunded', amount: 1734 }),
    ]);
    expect(await operatorMails(checkout.orderNo)).toHaveLength(1);
  });

  it('Flutterwave (no refund API here): the charge (return and webhook 5 times) stays recorded as a refund due, mailed once', async () => {
    const { checkout, start } = await cancelledCheckout(flutterwaveProvider);
    if (start.kind !== 'redirect') throw new Error('Flutterwave redirects');
    await cancel(checkout.orderId);
    // The hosted page was still open in another tab: the shopper pays there.
    const returned = await hostedPageChoice(`${start.url}/pay`);
    const delivery = fake.deliveries.at(-1)!;
    expect((await back(returned)).status).toBe(303);
    for (let i = 0; i < 5; i++) expect((await webhook(delivery)).status).toBe(200);
    const rows = await refundRows(checkout.orderNo);
    expect(rows).toEqual([
      expect.objectContaining({
        gateway: 'flutterwave',
        chargeRef: returned.searchParams.get('transaction_id'),
        amount: 1734,
        status: 'refund_due',
      }),
    ]);
    expect(rows[0]!.note).toMatch(/no refund API/);
    expect(fake.refunds.filter((r) => r.gateway === 'flutterwave')).toEqual([]);
    expect(await notes(checkout.orderId)).toContain(REFUND_DUE_NOTE);
    const mails = await operatorMails(checkout.orderNo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('[Refund due]');
    const page = await loadPayPage(checkout.orderId, userId, ORIGIN, 'Voltmart');
    expect(page.pay).toEqual({ state: 'closed', reason: 'cancelled', refund: 'refund_due' });

    // The operator refunds it in Flutterwave's dashboard and says so (npm run shop -- refund:done).
    expect((await listRefundsDue()).map((r) => r.id)).toContain(rows[0]!.id);
    expect(await retryRefund(rows[0]!.id)).toBe('refund_due');
    await markRefunded(rows[0]!.id, null);
    expect((await listRefundsDue()).map((r) => r.id)).not.toContain(rows[0]!.id);
    expect(await notes(checkout.orderId)).toContain(MANUAL_REFUND_NOTE);
    await expect(markRefunded(rows[0]!.id, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
