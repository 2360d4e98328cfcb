import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { startFakePayments } from '../fakes/payments.mjs';
import { TEST_KEYS } from './payment-fixtures';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

/**
 * "Test connection" on the payments screen (issue 34), against the local fake: Stripe retrieves the balance, PayPal
 * asks for an OAuth token, Razorpay fetches payments with count=1. A wrong key is said in words (422), a right one
 * is OK, a gateway without such a call says so; no key is ever in the answer.
 */
useTestDatabase({ demo: true });

let fake: Awaited<ReturnType<typeof startFakePayments>>;
let owner: Account;
let contentOnly: Account;
beforeAll(async () => {
  fake = await startFakePayments({
    stripe: {
      secretKey: TEST_KEYS.STRIPE_SECRET_KEY,
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    },
    razorpay: { keyId: TEST_KEYS.RAZORPAY_KEY_ID, keySecret: TEST_KEYS.RAZORPAY_KEY_SECRET },
    paypal: { clientId: TEST_KEYS.PAYPAL_CLIENT_ID, clientSecret: TEST_KEYS.PAYPAL_CLIENT_SECRET, webhookId: TEST_KEYS.PAYPAL_WEBHOOK_ID },
  });
  Object.assign(process.env, {
    STRIPE_API_BASE: fake.origin,
    RAZORPAY_API_BASE: fake.razorpayBase,
    PAYPAL_API_BASE: fake.paypalBase,
  });
  owner = await account(['owner']);
  contentOnly = await account(['staff'], ['update:content']);
});
afterAll(() => fake.close());

const WRONG = {
  STRIPE_SECRET_KEY: 'sk_test_wrong_key_4711',
  PAYPAL_CLIENT_ID: TEST_KEYS.PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET: 'paypal-secret-wrong-4711',
  RAZORPAY_KEY_ID: TEST_KEYS.RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET: 'rzp_secret_wrong_4711',
};
const RIGHT = {
  STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_SECRET_KEY,
  PAYPAL_CLIENT_ID: TEST_KEYS.PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET: TEST_KEYS.PAYPAL_CLIENT_SECRET,
  RAZORPAY_KEY_ID: TEST_KEYS.RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET: TEST_KEYS.RAZORPAY_KEY_SECRET,
};
const NAMES: Record<string, string> = { stripe: 'Stripe', paypal: 'PayPal', razorpay: 'Razorpay' };

const test = async (gateway: string, who: Account = owner, headers?: Record<string, string>) => {
  const res = await api('/api/v1/admin/payments/test', who, { body: { gateway }, headers });
  return { status: res.status, text: await res.text() };
};

describe('test connection', () => {
  for (const gateway of ['stripe', 'paypal', 'razorpay'])
    it(`${gateway}: a wrong key is reported as refused, a right one as working; no key is in the answer`, async () => {
      Object.assign(process.env, WRONG);
      const wrong = await test(gateway);
      expect(wrong.status, wrong.text).toBe(422);
      expect(JSON.parse(wrong.text).message).toBe(`${NAMES[gateway]} refused the keys. Check them, save them again and test once more.`);
      expect(wrong.text).not.toMatch(/wrong_4711|wrong-4711|wrong_key/);

      Object.assign(process.env, RIGHT);
      const mark = await lastAuditId();
      const right = await test(gateway);
      expect(right.status, right.text).toBe(200);
      expect(JSON.parse(right.text).message).toBe(`${NAMES[gateway]} accepted the keys: the connection works.`);
      for (const value of Object.values(RIGHT).filter((v) => !v.startsWith('paypal-client') && !v.startsWith('rzp_test')))
        expect(right.text).not.toContain(value);
      expect((await auditSince(mark)).map((a) => [a.action, a.entityId])).toEqual([['payments.test', gateway]]);
    });

  it('a gateway without a call for it says so; missing keys and an unknown gateway are said in words; staff without the permission get 403', async () => {
    const none = await test('flutterwave');
    expect(none.status).toBe(200);
    expect(JSON.parse(none.text).message).toBe('Flutterwave has no call to test keys with: try a small payment instead.');
    expect(JSON.parse((await test('iyzico')).text).message).toBe('iyzico has no call to test keys with: try a small payment instead.');
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const missing = await test('stripe');
      expect(missing.status).toBe(422);
      expect(JSON.parse(missing.text).message).toBe('Stripe has no keys yet: enter and save them first.');
      const fr = await test('stripe', owner, { language: 'fr' });
      expect(JSON.parse(fr.text).message).toBe('Stripe n’a pas encore de clés : saisissez-les et enregistrez-les d’abord.');
    } finally {
      process.env.STRIPE_SECRET_KEY = saved;
    }
    expect((await test('bitcoin')).status).toBe(404);
    expect((await test('stripe', contentOnly)).status).toBe(403);
  });

  it('the payments page never carries a key', async () => {
    Object.assign(process.env, RIGHT);
    const res = await api('/api/v1/admin/payments', owner);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(TEST_KEYS.STRIPE_SECRET_KEY);
    expect(text).not.toContain(TEST_KEYS.PAYPAL_CLIENT_SECRET);
    expect(text).not.toContain(TEST_KEYS.RAZORPAY_KEY_SECRET);
  });
});
