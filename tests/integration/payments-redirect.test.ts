import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { listApiRoutes, request, requestModule } from './http';
import { startFakePayments } from '../fakes/payments.mjs';
import { checkoutState, hostedPageChoice, makeShopper, placeCheckout, requestFor, storeReference, TEST_KEYS } from './payment-fixtures';
import { paypalProvider } from '@/server/payments/paypal';
import { flutterwaveProvider } from '@/server/payments/flutterwave';
import { iyzicoProvider } from '@/server/payments/iyzico';
import { loadPayPage } from '@/server/payments/pay-page';
import { listPaymentGateways } from '@/server/payments/gateways';
import { BAD_SIGNATURE } from '@/server/payments/signature';
import { PAYMENT_MISMATCH } from '@/server/payments/settle';
import * as returnRoute from '@/pages/payment-return/[gateway]/[id]';

useTestDatabase();

const routes = listApiRoutes();
const webhook = (body: string, headers: Record<string, string>) =>
  request(routes, '/api/v1/order/payment-done', { method: 'POST', headers, body });
/** iyzico's page posting the token to our callback URL from its own origin. */
const postBack = (callbackUrl: string, token: string) => {
  const url = new URL(callbackUrl);
  const [, , gateway, id] = url.pathname.split('/');
  return requestModule(returnRoute, '/payment-return/[gateway]/[id]', { gateway: gateway!, id: id! }, url.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://sandbox-cpp.iyzipay.com' },
    body: new URLSearchParams({ token }).toString(),
  });
};
/** The shopper's browser arriving at our return URL (whatever the gateway added to it). */
const back = (url: URL) => {
  const [, , gateway, id] = url.pathname.split('/');
  return requestModule(returnRoute, '/payment-return/[gateway]/[id]', { gateway: gateway!, id: id! }, url.pathname + url.search);
};
const ORIGIN = 'http://127.0.0.1:4321';

let fake: Awaited<ReturnType<typeof startFakePayments>>;
let userId: number;
beforeAll(async () => {
  fake = await startFakePayments({
    paypal: { clientId: TEST_KEYS.PAYPAL_CLIENT_ID, clientSecret: TEST_KEYS.PAYPAL_CLIENT_SECRET, webhookId: TEST_KEYS.PAYPAL_WEBHOOK_ID },
    flutterwave: { secretKey: TEST_KEYS.FLUTTERWAVE_SECRET_KEY, secretHash: TEST_KEYS.FLUTTERWAVE_SECRET_HASH },
    iyzico: { apiKey: TEST_KEYS.IYZICO_API_KEY, secretKey: TEST_KEYS.IYZICO_SECRET_KEY },
    // Webhooks are kept (fake.deliveries) and sent by the tests themselves.
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, {
    PAYPAL_CLIENT_ID: TEST_KEYS.PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: TEST_KEYS.PAYPAL_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID: TEST_KEYS.PAYPAL_WEBHOOK_ID,
    PAYPAL_API_BASE: fake.paypalBase,
    FLUTTERWAVE_PUBLIC_KEY: TEST_KEYS.FLUTTERWAVE_PUBLIC_KEY,
    FLUTTERWAVE_SECRET_KEY: TEST_KEYS.FLUTTERWAVE_SECRET_KEY,
    FLUTTERWAVE_SECRET_HASH: TEST_KEYS.FLUTTERWAVE_SECRET_HASH,
    FLUTTERWAVE_API_BASE: fake.flutterwaveBase,
    IYZICO_API_KEY: TEST_KEYS.IYZICO_API_KEY,
    IYZICO_SECRET_KEY: TEST_KEYS.IYZICO_SECRET_KEY,
    IYZICO_API_BASE: fake.iyzicoBase,
  });
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());

async function redirectCheckout(provider: typeof paypalProvider, totals = [1234, 500], currency = 'USD', startAmount?: number) {
  const checkout = await placeCheckout({ userId, totals, method: provider.method, gateway: provider.gateway, currency });
  const start = await provider.start({ ...requestFor(checkout, ORIGIN), amount: startAmount ?? checkout.amount });
  if (start.kind !== 'redirect') throw new Error(`${provider.gateway} redirects`);
  await storeReference(checkout.paymentId, start.reference);
  return { checkout, start };
}

describe('PayPal (Orders v2)', () => {
  it('is offered only with a client id and secret', () => {
    expect(listPaymentGateways().find((g) => g.id === 4)).toMatchObject({
      name: 'PayPal',
      enabled: true,
      public_key: TEST_KEYS.PAYPAL_CLIENT_ID,
    });
    expect(listPaymentGateways({}).find((g) => g.id === 4)?.enabled).toBe(false);
  });

  it('creates an order in decimal currency units, captures it on return and marks the checkout paid', async () => {
    const { checkout, start } = await redirectCheckout(paypalProvider);
    expect(fake.paypalOrder(start.reference)?.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '17.34' });
    const returned = await hostedPageChoice(start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=approve&'));
    expect(returned.pathname).toBe(`/payment-return/paypal/${checkout.orderId}`);
    const res = await back(returned);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/user/order/success/${checkout.orderId}`);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
  });

  it('converts zero-decimal currencies exactly (JPY)', async () => {
    const { start } = await redirectCheckout(paypalProvider, [1500], 'JPY');
    expect(fake.paypalOrder(start.reference)?.purchase_units[0].amount).toEqual({ currency_code: 'JPY', value: '1500' });
  });

  it('leaves the order unpaid when the capture is declined, and when the shopper cancels', async () => {
    const declined = await redirectCheckout(paypalProvider);
    const res = await back(await hostedPageChoice(declined.start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=decline&')));
    expect(res.headers.get('location')).toBe(`/user/order/pay/${declined.checkout.orderId}?failed=1`);
    expect(await checkoutState(declined.checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0] });

    const cancelled = await redirectCheckout(paypalProvider);
    const to = await hostedPageChoice(cancelled.start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=cancel&'));
    // PayPal sends a cancel to the cancel URL checkout gave (its fail page, which offers the retry).
    expect(to.toString()).toMatch(new RegExp(`^${ORIGIN}/user/order/fail/${cancelled.checkout.orderId}\\?token=`));
    expect(await checkoutState(cancelled.checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0] });
    // The retry: the pay page starts a new PayPal order for the same checkout.
    const page = await loadPayPage(cancelled.checkout.orderId, userId, ORIGIN, 'Voltmart');
    expect(page.pay).toMatchObject({ state: 'pay', gateway: 'paypal', start: { kind: 'redirect' } });
  });

  it('changes nothing on a second return or a replayed webhook; refuses a forged webhook', async () => {
    const { checkout, start } = await redirectCheckout(paypalProvider);
    const returned = await hostedPageChoice(start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=approve&'));
    await back(returned);
    const event = fake.deliveries.at(-1)!;
    expect(JSON.parse(event.body).event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect((await back(returned)).headers.get('location')).toBe(`/user/order/success/${checkout.orderId}`);
    for (let i = 0; i < 2; i++) {
      const res = await webhook(event.body, event.headers);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ gateway: 'paypal', changed: false });
    }
    const forged = await webhook(event.body.replace('"COMPLETED"', '"COMPLETED" '), {
      ...event.headers,
      'paypal-transmission-sig': 'forged',
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toBe(BAD_SIGNATURE);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
  });

  it("refuses a genuine webhook whose body was changed to name another checkout's PayPal order", async () => {
    const { checkout, start } = await redirectCheckout(paypalProvider);
    await hostedPageChoice(start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=approve&'));
    const other = await redirectCheckout(paypalProvider);
    await back(await hostedPageChoice(other.start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=approve&')));
    const event = fake.deliveries.at(-1)!;
    const tampered = event.body.replace(other.start.reference, start.reference);
    expect((await webhook(tampered, event.headers)).status).toBe(400);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0] });
  });

  it('refuses a capture of another amount than the checkout (422) and leaves it unpaid', async () => {
    const { checkout, start } = await redirectCheckout(paypalProvider, [1734], 'USD', 1000);
    const res = await back(await hostedPageChoice(start.url.replace('checkoutnow?', 'checkoutnow/decide?decision=approve&')));
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(PAYMENT_MISMATCH);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0] });
  });
});

describe('Flutterwave (Standard)', () => {
  it('is offered only with its public key, secret key and secret hash', () => {
    expect(listPaymentGateways().find((g) => g.id === 5)).toMatchObject({
      name: 'Flutterwave',
      enabled: true,
      public_key: TEST_KEYS.FLUTTERWAVE_PUBLIC_KEY,
    });
    expect(listPaymentGateways({ ...process.env, FLUTTERWAVE_SECRET_HASH: '' }).find((g) => g.id === 5)?.enabled).toBe(false);
  });

  it('redirects to the payment link, verifies the transaction by id on return and marks the checkout paid', async () => {
    const { checkout, start } = await redirectCheckout(flutterwaveProvider, [250_000], 'NGN');
    expect(fake.flutterwaveLink(start.reference)).toMatchObject({ amount: 2500, currency: 'NGN', tx_ref: start.reference });
    const returned = await hostedPageChoice(`${start.url}/pay`);
    expect(returned.searchParams.get('status')).toBe('successful');
    const res = await back(returned);
    expect(res.headers.get('location')).toBe(`/user/order/success/${checkout.orderId}`);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1], received: 1 });
  });

  it('leaves the order unpaid when the payment fails or is cancelled', async () => {
    const failed = await redirectCheckout(flutterwaveProvider);
    const res = await back(await hostedPageChoice(`${failed.start.url}/decline`));
    expect(res.headers.get('location')).toBe(`/user/order/pay/${failed.checkout.orderId}?failed=1`);
    const cancelled = await redirectCheckout(flutterwaveProvider);
    const res2 = await back(await hostedPageChoice(`${cancelled.start.url}/cancel`));
    expect(res2.headers.get('location')).toBe(`/user/order/pay/${cancelled.checkout.orderId}?cancelled=1`);
    for (const c of [failed, cancelled]) expect(await checkoutState(c.checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0] });
  });

  it('changes nothing on a replayed webhook or return; refuses a wrong verif-hash and an invented transaction', async () => {
    const { checkout, start } = await redirectCheckout(flutterwaveProvider);
    const returned = await hostedPageChoice(`${start.url}/pay`);
    const event = fake.deliveries.at(-1)!;
    const first = await webhook(event.body, event.headers);
    expect((await first.json()).data).toMatchObject({ gateway: 'flutterwave', changed: true });
    const replay = await webhook(event.body, event.headers);
    expect((await replay.json()).data).toMatchObject({ changed: false });
    expect((await back(returned)).headers.get('location')).toBe(`/user/order/success/${checkout.orderId}`);
    const forged = await webhook(event.body, { ...event.headers, 'verif-hash': 'guess' });
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toBe(BAD_SIGNATURE);
    const invented = new URL(returned);
    invented.searchParams.set('transaction_id', '999999999');
    expect((await back(invented)).status).toBeGreaterThanOrEqual(400);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
  });

  it('refuses a transaction of another amount than the checkout (422) and leaves it unpaid', async () => {
    const { checkout, start } = await redirectCheckout(flutterwaveProvider, [1734], 'USD', 1000);
    const res = await back(await hostedPageChoice(`${start.url}/pay`));
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(PAYMENT_MISMATCH);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0] });
  });
});

describe('Iyzico (Checkout Form)', () => {
  it('is offered only with its API key and secret key', () => {
    expect(listPaymentGateways().find((g) => g.id === 6)).toMatchObject({ name: 'Iyzico', enabled: true, public_key: null });
    expect(listPaymentGateways({ IYZICO_API_KEY: 'x' }).find((g) => g.id === 6)?.enabled).toBe(false);
  });

  it('initializes a signed checkout form whose basket adds up, and settles from the signed retrieve result', async () => {
    const { checkout, start } = await redirectCheckout(iyzicoProvider, [1234, 500], 'TRY');
    const form = fake.iyzicoForm(start.reference);
    expect(form).toMatchObject({ price: '17.34', paidPrice: '17.34', currency: 'TRY', basketId: checkout.orderNo });
    expect(form.basketItems.map((i: { price: string }) => i.price)).toEqual(['12.34', '5.00']);
    const { callbackUrl } = fake.iyzicoComplete(start.reference, 'SUCCESS');
    const res = await postBack(callbackUrl, start.reference);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/user/order/success/${checkout.orderId}`);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
    // The same token posted again changes nothing.
    expect((await postBack(callbackUrl, start.reference)).headers.get('location')).toBe(`/user/order/success/${checkout.orderId}`);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ received: 2 });
  });

  it('leaves the order unpaid when the card is declined or the shopper never comes back', async () => {
    const declined = await redirectCheckout(iyzicoProvider, [1999], 'TRY');
    const { callbackUrl } = fake.iyzicoComplete(declined.start.reference, 'FAILURE');
    expect((await postBack(callbackUrl, declined.start.reference)).headers.get('location')).toBe(
      `/user/order/pay/${declined.checkout.orderId}?failed=1`,
    );
    expect(await checkoutState(declined.checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0] });
    const abandoned = await redirectCheckout(iyzicoProvider, [1999], 'TRY');
    expect(await checkoutState(abandoned.checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0] });
    const page = await loadPayPage(abandoned.checkout.orderId, userId, ORIGIN, 'Voltmart');
    expect(page.pay).toMatchObject({ state: 'pay', gateway: 'iyzico', start: { kind: 'redirect' } });
  });

  it('refuses a token iyzico does not know, and settles nothing when our request is not signed with the right secret', async () => {
    const { checkout, start } = await redirectCheckout(iyzicoProvider, [1999], 'TRY');
    const { callbackUrl } = fake.iyzicoComplete(start.reference, 'SUCCESS');
    const unknown = await postBack(callbackUrl, 'deadbeefdeadbeefdeadbeef');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe(BAD_SIGNATURE);
    process.env.IYZICO_SECRET_KEY = 'not-the-secret';
    try {
      // Our request is refused by the fake (IYZWSv2 with the wrong secret): nothing is settled.
      expect((await postBack(callbackUrl, start.reference)).status).toBeGreaterThanOrEqual(400);
    } finally {
      process.env.IYZICO_SECRET_KEY = TEST_KEYS.IYZICO_SECRET_KEY;
    }
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0] });
  });

  it('refuses a payment of another amount than the checkout (422) and leaves it unpaid', async () => {
    const { checkout, start } = await redirectCheckout(iyzicoProvider, [1734], 'TRY', 1000);
    const { callbackUrl } = fake.iyzicoComplete(start.reference, 'SUCCESS');
    const res = await postBack(callbackUrl, start.reference);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(PAYMENT_MISMATCH);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0] });
  });
});
