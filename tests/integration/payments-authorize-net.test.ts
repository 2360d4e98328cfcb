import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { listApiRoutes, request, requestModule } from './http';
import { startFakePayments } from '../fakes/payments.mjs';
import { checkoutState, makeShopper, placeCheckout, requestFor, storeReference, TEST_KEYS } from './payment-fixtures';
import { authorizeNetProvider } from '@/server/payments/authorize-net';
import { loadPayPage } from '@/server/payments/pay-page';
import { listPaymentGateways } from '@/server/payments/gateways';
import { BAD_SIGNATURE } from '@/server/payments/signature';
import { PAYMENT_MISMATCH } from '@/server/payments/settle';
import * as returnRoute from '@/pages/payment-return/[gateway]/[id]';

useTestDatabase();

const routes = listApiRoutes();
const ORIGIN = 'http://127.0.0.1:4321';
const done = (transId: string) =>
  request(routes, '/api/v1/order/payment-ADotNet-done', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ trans_id: transId }),
  });
const back = (orderId: number) =>
  requestModule(
    returnRoute,
    '/payment-return/[gateway]/[id]',
    { gateway: 'authorize-net', id: String(orderId) },
    `/payment-return/authorize-net/${orderId}`,
  );

let fake: Awaited<ReturnType<typeof startFakePayments>>;
let userId: number;
beforeAll(async () => {
  fake = await startFakePayments({
    authorizeNet: { loginId: TEST_KEYS.AUTHORIZE_NET_API_LOGIN_ID, transactionKey: TEST_KEYS.AUTHORIZE_NET_TRANSACTION_KEY },
  });
  Object.assign(process.env, {
    AUTHORIZE_NET_API_LOGIN_ID: TEST_KEYS.AUTHORIZE_NET_API_LOGIN_ID,
    AUTHORIZE_NET_TRANSACTION_KEY: TEST_KEYS.AUTHORIZE_NET_TRANSACTION_KEY,
    AUTHORIZE_NET_API_BASE: fake.authorizeNetBase,
  });
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());

async function anetCheckout(totals = [1234, 500], startAmount?: number) {
  const checkout = await placeCheckout({ userId, totals, method: 8, gateway: 'authorize-net' });
  const start = await authorizeNetProvider.start({ ...requestFor(checkout, ORIGIN), amount: startAmount ?? checkout.amount });
  if (start.kind !== 'client') throw new Error('Accept Hosted is a form on the pay page');
  await storeReference(checkout.paymentId, start.reference);
  return { checkout, start, token: String(start.extra?.token) };
}

describe('Authorize.Net (Accept Hosted)', () => {
  it('is offered as method 8 only with its API login id and transaction key', () => {
    expect(listPaymentGateways().find((g) => g.id === 8)).toMatchObject({ name: 'Authorize.Net', enabled: true, public_key: null });
    expect(listPaymentGateways({}).find((g) => g.id === 8)?.enabled).toBe(false);
  });

  it('gets a hosted page token for the amount, and marks the checkout paid after reading the transaction', async () => {
    const { checkout, start, token } = await anetCheckout();
    expect(start.extra).toMatchObject({ formAction: `${fake.authorizeNetBase}/payment/payment` });
    const page = fake.authorizeNetPage(token);
    expect(page).toMatchObject({ amount: '17.34', invoiceNumber: start.reference });
    expect(JSON.parse(page.settings.hostedPaymentReturnOptions)).toMatchObject({
      url: `${ORIGIN}/payment-return/authorize-net/${checkout.orderId}`,
    });
    const tx = fake.authorizeNetPay(token, true);
    const res = await done(tx.transId);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ changed: true, paid: true, next: `/user/order/success/${checkout.orderId}` });
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1], received: 2 });
  });

  it('finds and verifies the transaction when the shopper comes back from the receipt page', async () => {
    const { checkout, token } = await anetCheckout();
    fake.authorizeNetPay(token, true);
    const res = await back(checkout.orderId);
    expect(res.headers.get('location')).toBe(`/user/order/success/${checkout.orderId}`);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', paid: [1, 1] });
  });

  it('leaves the order unpaid for a declined card, and for a shopper who left without paying', async () => {
    const declined = await anetCheckout();
    const tx = fake.authorizeNetPay(declined.token, false);
    expect((await (await done(tx.transId)).json()).data).toMatchObject({
      paid: false,
      next: `/user/order/pay/${declined.checkout.orderId}?failed=1`,
    });
    const left = await anetCheckout();
    expect((await back(left.checkout.orderId)).headers.get('location')).toBe(`/user/order/pay/${left.checkout.orderId}?cancelled=1`);
    for (const c of [declined, left]) expect(await checkoutState(c.checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0] });
    const page = await loadPayPage(left.checkout.orderId, userId, ORIGIN, 'Voltmart');
    expect(page.pay).toMatchObject({ state: 'pay', gateway: 'authorize-net', start: { kind: 'client' } });
  });

  it('changes nothing when the same transaction is reported again; refuses an unknown one and a bad id', async () => {
    const { checkout, token } = await anetCheckout();
    const tx = fake.authorizeNetPay(token, true);
    await done(tx.transId);
    expect((await (await done(tx.transId)).json()).data).toMatchObject({ changed: false, paid: true });
    const unknown = await done('99999999999');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe(BAD_SIGNATURE);
    expect((await done('1 OR 1=1')).status).toBe(422);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'paid', received: 2 });
  });

  it('refuses a transaction of another amount than the checkout (422) and leaves it unpaid', async () => {
    const { checkout, token } = await anetCheckout([1734], 1000);
    const res = await done(fake.authorizeNetPay(token, true).transId);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(PAYMENT_MISMATCH);
    expect(await checkoutState(checkout.orderNo)).toMatchObject({ status: 'pending', paid: [0] });
  });

  it('refuses to start in a currency the merchant account does not charge in', async () => {
    const checkout = await placeCheckout({ userId, totals: [1000], method: 8, gateway: 'authorize-net', currency: 'EUR' });
    await expect(authorizeNetProvider.start(requestFor(checkout, ORIGIN))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
