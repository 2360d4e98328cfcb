/**
 * Orders and their pending `payments` row, written as checkout's `order/action` writes them
 * (docs/decisions/0018-payment-gateways.md, the payments contract): one row per `order_no`, the sum of
 * the orders' totals, the shop currency, status 'pending', no gateway reference yet.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, payments, users } from '@/server/db/schema';
import type { PaymentRequest } from '@/server/payments/provider';
import type { PlacedCheckout } from '@/test-only/checkout';

const tag = () => randomBytes(5).toString('hex');

export async function makeShopper(name = 'Ada Payer') {
  const [user] = await getDb()
    .insert(users)
    .values({ name, email: `payer-${tag()}@example.com` })
    .returning();
  return user!;
}

export { placeCheckout, type CheckoutSpec } from '@/test-only/checkout';

/** What checkout hands `provider.start` for that checkout. */
export function requestFor(c: PlacedCheckout, origin = 'http://127.0.0.1:4321'): PaymentRequest {
  return {
    orderNo: c.orderNo,
    orderId: c.orderId,
    amount: c.amount,
    currency: c.currency,
    email: c.email,
    description: `Voltmart order ${c.orderNo}`,
    returnUrl: `${origin}/user/order/success/${c.orderId}`,
    cancelUrl: `${origin}/user/order/fail/${c.orderId}`,
  };
}

/** Stores the gateway's reference as checkout does after `start`. */
export async function storeReference(paymentId: number, reference: string) {
  await getDb().update(payments).set({ gatewayRef: reference }).where(eq(payments.id, paymentId));
}

/** The checkout's state: payment row, orders' payment status, and 'Payment received' notes. */
export async function checkoutState(orderNo: string) {
  const db = getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.orderNo, orderNo));
  const rows = await db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.orderNo, orderNo))
    .orderBy(asc(orders.id));
  const notes = await db.select({ orderId: orderStatusHistory.orderId, note: orderStatusHistory.note }).from(orderStatusHistory);
  const ids = new Set(rows.map((r) => r.id));
  return {
    status: payment!.status,
    reference: payment!.gatewayRef,
    paid: rows.map((r) => r.paymentStatus),
    received: notes.filter((n) => ids.has(n.orderId) && n.note === 'Payment received').length,
  };
}

/** Test keys shared by the shop and the fake (never real keys). */
export const TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_voltmart_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_voltmart_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_voltmart_fake',
  RAZORPAY_KEY_ID: 'rzp_test_voltmart',
  RAZORPAY_KEY_SECRET: 'rzp_secret_voltmart_fake',
  RAZORPAY_WEBHOOK_SECRET: 'rzp_webhook_voltmart_fake',
  PAYPAL_CLIENT_ID: 'paypal-client-voltmart-fake',
  PAYPAL_CLIENT_SECRET: 'paypal-secret-voltmart-fake',
  PAYPAL_WEBHOOK_ID: 'WH-VOLTMART-FAKE',
  FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-voltmart-X',
  FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-voltmart-X',
  FLUTTERWAVE_SECRET_HASH: 'voltmart-flutterwave-hash',
  IYZICO_API_KEY: 'sandbox-voltmart-iyzico-api',
  IYZICO_SECRET_KEY: 'sandbox-voltmart-iyzico-secret',
  AUTHORIZE_NET_API_LOGIN_ID: 'voltmart-anet-login',
  AUTHORIZE_NET_TRANSACTION_KEY: 'voltmart-anet-transaction-key',
};

/**
 * The fake gateway (tests/fakes/payments.mjs) holding an account for each of the six gateways with TEST_KEYS, and the
 * shop pointed at it (keys and API bases in process.env). Webhooks are kept (fake.deliveries) unless `deliver` sends
 * them.
 */
export async function startEveryFakeGateway(
  deliver: (d: { body: string; headers: Record<string, string> }) => Promise<{ status: number }> = async () => ({ status: 0 }),
) {
  const { startFakePayments } = await import('../fakes/payments.mjs');
  const fake = await startFakePayments({
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
    iyzico: { apiKey: TEST_KEYS.IYZICO_API_KEY, secretKey: TEST_KEYS.IYZICO_SECRET_KEY },
    authorizeNet: { loginId: TEST_KEYS.AUTHORIZE_NET_API_LOGIN_ID, transactionKey: TEST_KEYS.AUTHORIZE_NET_TRANSACTION_KEY },
    deliver,
  });
  Object.assign(process.env, TEST_KEYS, {
    STRIPE_API_BASE: fake.origin,
    RAZORPAY_API_BASE: fake.razorpayBase,
    PAYPAL_API_BASE: fake.paypalBase,
    FLUTTERWAVE_API_BASE: fake.flutterwaveBase,
    IYZICO_API_BASE: fake.iyzicoBase,
    AUTHORIZE_NET_API_BASE: fake.authorizeNetBase,
  });
  return fake;
}

/** Follows one redirect of the fake's hosted page (what the shopper's click does) and returns where it points. */
export async function hostedPageChoice(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`the fake answered ${res.status} for ${url}`);
  return new URL(res.headers.get('location')!);
}

/**
 * For a file: every fake gateway started (startEveryFakeGateway) and one shopper made before its tests, the fake
 * closed after them. Read `.fake` and `.userId` inside tests and hooks.
 */
export function useEveryFakeGateway() {
  const state = {} as { fake: Awaited<ReturnType<typeof startEveryFakeGateway>>; userId: number };
  beforeAll(async () => {
    state.fake = await startEveryFakeGateway();
    state.userId = (await makeShopper()).id;
  });
  afterAll(() => state.fake?.close());
  return state;
}
