/**
 * Stripe's module (payments/stripe.ts) called directly, against the fake gateway (tests/fakes/payments.mjs) in
 * this process and without a database: the cheap driver of its mutation run (docs/mutation-testing.md, run U).
 * What the shopper, the operator or Stripe reads is asserted word for word; what `settlePayment` makes of a
 * verified event (paid or not, the amount) is tests/integration/payments-gateway-rules.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { handleStripeWebhook, STRIPE_JS, stripeBrowserSources, stripeClient, stripeKeys, stripeProvider } from '@/server/payments/stripe';
import { log } from '@/server/core/logger.mjs';
import { startFakePayments, stripeSignature } from '../fakes/payments.mjs';
import type { PaymentRequest } from '@/server/payments/provider';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_rules_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_rules_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_rules_fake',
};
const SIGNATURE_REFUSED = 'The signature of this notification is not valid, so it was ignored.';

let fake: Awaited<ReturnType<typeof startFakePayments>>;
beforeAll(async () => {
  fake = await startFakePayments({
    stripe: { secretKey: KEYS.STRIPE_SECRET_KEY, publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY, webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, KEYS, { STRIPE_API_BASE: fake.origin });
  delete process.env.STRIPE_JS_URL;
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: 'VM-2026-000777',
  orderId: 777,
  amount: 1734,
  currency: 'USD',
  email: 'ada@example.com',
  description: 'Voltmart order VM-2026-000777',
  returnUrl: 'http://127.0.0.1:4321/user/order/success/777',
  cancelUrl: 'http://127.0.0.1:4321/user/order/fail/777',
  ...over,
});

/** The fake's last request to `path`, its form body decoded. */
function lastRequest(path: RegExp) {
  const found = fake.requests.filter((r) => path.test(r.path)).at(-1);
  if (!found) throw new Error(`no request to ${path}`);
  return { ...found, form: Object.fromEntries(new URLSearchParams(found.body)) };
}

async function started(over: Partial<PaymentRequest> = {}) {
  const start = await stripeProvider.start(request(over));
  if (start.kind !== 'client') throw new Error('Stripe starts on the pay page');
  return start;
}

describe('keys and client', () => {
  it('reads each key trimmed, and an empty or blank key as none', () => {
    expect(stripeKeys({ STRIPE_SECRET_KEY: ' sk ', STRIPE_PUBLISHABLE_KEY: ' pk ', STRIPE_WEBHOOK_SECRET: ' wh ' })).toEqual({
      secret: 'sk',
      publishable: 'pk',
      webhookSecret: 'wh',
    });
    expect(stripeKeys({ STRIPE_SECRET_KEY: '  ', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: ' ' })).toEqual({
      secret: null,
      publishable: null,
      webhookSecret: null,
    });
    expect(stripeKeys({})).toEqual({ secret: null, publishable: null, webhookSecret: null });
  });

  it('is offered only with all three keys, and shows its publishable key', () => {
    const all = { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh' };
    expect(stripeProvider.configured(all)).toBe(true);
    expect(stripeProvider.configured({ ...all, STRIPE_SECRET_KEY: ' ' })).toBe(false);
    expect(stripeProvider.configured({ ...all, STRIPE_PUBLISHABLE_KEY: '' })).toBe(false);
    expect(stripeProvider.configured({ ...all, STRIPE_WEBHOOK_SECRET: undefined })).toBe(false);
    expect(stripeProvider.publicKey!(all)).toBe('pk');
    expect(stripeProvider.publicKey!({})).toBeNull();
    expect(stripeProvider.configured()).toBe(true);
    expect(stripeProvider.publicKey!()).toBe('pk_test_rules_fake');
    expect(stripeProvider.method).toBe(3);
    expect(stripeProvider.gateway).toBe('stripe');
  });

  it('without a secret key, card payments are not available (503), in words', () => {
    expect(() => stripeClient({})).toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'Card payments are not available right now.' }),
    );
  });

  it('keeps one client per key and base, pointed at the base given (port from the URL, or 443 / 80)', () => {
    type Fields = { getApiField(k: string): unknown; getMaxNetworkRetries(): number };
    const field = (c: unknown, k: string) => (c as Fields).getApiField(k);
    const a = stripeClient({ STRIPE_SECRET_KEY: 'sk_a', STRIPE_API_BASE: 'http://fake.test:8111' });
    expect(stripeClient({ STRIPE_SECRET_KEY: 'sk_a', STRIPE_API_BASE: ' http://fake.test:8111 ' })).toBe(a);
    expect([field(a, 'host'), field(a, 'port'), field(a, 'protocol'), field(a, 'timeout')]).toEqual(['fake.test', 8111, 'http', 5000]);
    expect((a as unknown as Fields).getMaxNetworkRetries()).toBe(1);
    // Stripe's SDK reports our request timings to Stripe unless told not to.
    expect((a as unknown as { getTelemetryEnabled(): boolean }).getTelemetryEnabled()).toBe(false);
    const other = stripeClient({ STRIPE_SECRET_KEY: 'sk_b', STRIPE_API_BASE: 'http://fake.test:8111' });
    expect(other).not.toBe(a);
    expect(stripeClient({ STRIPE_SECRET_KEY: 'sk_a', STRIPE_API_BASE: 'http://fake.test:8112' })).not.toBe(a);
    const https = stripeClient({ STRIPE_SECRET_KEY: 'sk_a', STRIPE_API_BASE: 'https://secure.test' });
    expect([field(https, 'host'), field(https, 'port'), field(https, 'protocol')]).toEqual(['secure.test', 443, 'https']);
    const http = stripeClient({ STRIPE_SECRET_KEY: 'sk_a', STRIPE_API_BASE: 'http://plain.test' });
    expect([field(http, 'host'), field(http, 'port'), field(http, 'protocol')]).toEqual(['plain.test', 80, 'http']);
    const real = stripeClient({ STRIPE_SECRET_KEY: 'sk_a' });
    expect([field(real, 'host'), field(real, 'port'), field(real, 'protocol')]).toEqual(['api.stripe.com', '443', 'https']);
    expect(stripeClient({ STRIPE_SECRET_KEY: 'sk_a', STRIPE_API_BASE: '' })).toBe(real);
    expect(stripeClient({ STRIPE_SECRET_KEY: 'sk_a', STRIPE_API_BASE: ' ' })).toBe(real);
  });

  it('sends Stripe no telemetry about our requests', async () => {
    await started();
    await started();
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents').every((r) => !('x-stripe-client-telemetry' in r.headers))).toBe(
      true,
    );
  });

  it("loads Stripe's own script and allows only Stripe's origins on the pay page, or the fake's in tests", () => {
    expect(STRIPE_JS).toBe('https://js.stripe.com/clover/stripe.js');
    expect(stripeBrowserSources({})).toEqual({
      script: 'https://js.stripe.com/clover/stripe.js',
      scriptSrc: ['https://js.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      connectSrc: ['https://api.stripe.com'],
    });
    expect(stripeBrowserSources({ STRIPE_JS_URL: ' ' })).toEqual(stripeBrowserSources({}));
    expect(stripeBrowserSources({ STRIPE_JS_URL: ' http://127.0.0.1:9/stripe/v3/stripe.js ' })).toEqual({
      script: 'http://127.0.0.1:9/stripe/v3/stripe.js',
      scriptSrc: ['http://127.0.0.1:9'],
      frameSrc: ['http://127.0.0.1:9'],
      connectSrc: ['http://127.0.0.1:9'],
    });
    expect(stripeBrowserSources().script).toBe('https://js.stripe.com/clover/stripe.js');
  });
});

describe('start and resume', () => {
  it('creates one intent for the whole checkout in cents, lower-case currency, with the order in its metadata', async () => {
    const start = await started();
    const intent = fake.stripeIntent(start.reference);
    expect(start).toEqual({ kind: 'client', reference: intent.id, publicKey: 'pk_test_rules_fake', clientSecret: intent.client_secret });
    expect(intent).toMatchObject({
      amount: 1734,
      currency: 'usd',
      description: 'Voltmart order VM-2026-000777',
      receipt_email: 'ada@example.com',
      automatic_payment_methods: { enabled: true },
      metadata: { order_no: 'VM-2026-000777', order_id: '777' },
    });
    expect(lastRequest(/^\/v1\/payment_intents$/).headers.authorization).toBe('Bearer sk_test_rules_fake');
  });

  it('offers the same intent again while Stripe can still take it, for the same amount and currency', async () => {
    const start = await started();
    const again = await stripeProvider.resume!(start.reference, request());
    expect(again).toEqual(start);
    fake.stripeIntent(start.reference).status = 'requires_confirmation';
    expect(await stripeProvider.resume!(start.reference, request())).toEqual(start);
    fake.stripeIntent(start.reference).status = 'requires_action';
    expect(await stripeProvider.resume!(start.reference, request())).toEqual(start);
  });

  it('starts anew (null) for another amount, another currency, or an intent paid, processing or cancelled', async () => {
    const start = await started();
    expect(await stripeProvider.resume!(start.reference, request({ amount: 1735 }))).toBeNull();
    expect(await stripeProvider.resume!(start.reference, request({ currency: 'EUR' }))).toBeNull();
    for (const status of ['succeeded', 'processing', 'canceled', 'requires_capture']) {
      fake.stripeIntent(start.reference).status = status;
      expect(await stripeProvider.resume!(start.reference, request()), status).toBeNull();
    }
  });

  it('resumes an intent made in lower case for a checkout asked in upper case', async () => {
    const start = await started({ currency: 'EUR' });
    expect(fake.stripeIntent(start.reference).currency).toBe('eur');
    expect(await stripeProvider.resume!(start.reference, request({ currency: 'EUR' }))).toEqual(start);
  });

  it('gives no client secret when Stripe sends none', async () => {
    const start = await started();
    fake.stripeIntent(start.reference).client_secret = null;
    const again = await stripeProvider.resume!(start.reference, request());
    expect(again).toEqual({ kind: 'client', reference: start.reference, publicKey: 'pk_test_rules_fake', clientSecret: undefined });
  });
});

describe('refund and cancel', () => {
  it("refunds the amount asked of the shopper's intent, once per idempotency key, saying why", async () => {
    const start = await started();
    await fake.stripePay(start.reference);
    const charge = { chargeRef: start.reference, amount: 500, currency: 'USD', idempotencyKey: 'refund-key-1', note: 'broken on arrival' };
    const first = await stripeProvider.refund!(charge);
    expect(await stripeProvider.refund!(charge)).toEqual(first);
    expect(first.reference).toMatch(/^re_/);
    expect(fake.refunds.filter((r) => r.charge === start.reference)).toEqual([
      { gateway: 'stripe', charge: start.reference, amount: 500, id: first.reference },
    ]);
    const sent = lastRequest(/^\/v1\/refunds$/);
    expect(sent.headers['idempotency-key']).toBe('refund-key-1');
    expect(sent.form).toEqual({
      payment_intent: start.reference,
      amount: '500',
      reason: 'requested_by_customer',
      'metadata[voltmart]': 'refund',
    });
  });

  it('names a refund without a note as money an order could not take', async () => {
    const start = await started();
    await fake.stripePay(start.reference);
    await stripeProvider.refund!({ chargeRef: start.reference, amount: 1734, currency: 'USD', idempotencyKey: 'stray-key' });
    expect(lastRequest(/^\/v1\/refunds$/).form['metadata[voltmart]']).toBe('order-could-not-take-payment');
  });

  it('cancels an intent still waiting (as abandoned, once per intent) and says it is stopped', async () => {
    for (const status of ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action']) {
      const start = await started();
      fake.stripeIntent(start.reference).status = status;
      expect(await stripeProvider.cancelPending!(start.reference), status).toBe(true);
      expect(fake.stripeIntent(start.reference)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
      const sent = lastRequest(/\/cancel$/);
      expect(sent.path).toBe(`/v1/payment_intents/${start.reference}/cancel`);
      expect(sent.headers['idempotency-key']).toBe(`voltmart-cancel-${start.reference}`);
    }
  });

  it('says an intent already cancelled is stopped, and a paid or processing one is not, without asking Stripe to cancel', async () => {
    const cases = [
      ['canceled', true],
      ['succeeded', false],
      ['processing', false],
    ] as const;
    for (const [status, stopped] of cases) {
      const start = await started();
      fake.stripeIntent(start.reference).status = status;
      const before = fake.requests.length;
      expect(await stripeProvider.cancelPending!(start.reference), status).toBe(stopped);
      expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/payment_intents/${start.reference}`]);
    }
  });
});

describe('the webhook, before anything is read', () => {
  const event = (type: string) =>
    JSON.stringify({ id: 'evt_rules_1', object: 'event', type, data: { object: { id: 'pi_x', metadata: {} } } });

  it('refuses an unsigned, forged or wrongly signed event (400), in words', async () => {
    const body = event('payment_intent.succeeded');
    const refused = expect.objectContaining({ code: 'BAD_REQUEST', message: SIGNATURE_REFUSED });
    await expect(handleStripeWebhook(body, null)).rejects.toThrow(refused);
    await expect(handleStripeWebhook(body, '')).rejects.toThrow(refused);
    await expect(handleStripeWebhook(body, stripeSignature('whsec_other', body))).rejects.toThrow(refused);
    await expect(handleStripeWebhook(body, 'garbage')).rejects.toThrow(refused);
    await expect(handleStripeWebhook(`${body} `, stripeSignature(KEYS.STRIPE_WEBHOOK_SECRET, body))).rejects.toThrow(refused);
  });

  it('reads nothing without a webhook secret or a signature: the SDK is not even asked', async () => {
    const construct = vi.spyOn(Stripe.webhooks, 'constructEvent');
    const body = event('payment_intent.succeeded');
    await expect(handleStripeWebhook(body, null)).rejects.toThrow(expect.objectContaining({ message: SIGNATURE_REFUSED }));
    process.env.STRIPE_WEBHOOK_SECRET = '';
    try {
      await expect(handleStripeWebhook(body, stripeSignature('', body))).rejects.toThrow(
        expect.objectContaining({ message: SIGNATURE_REFUSED }),
      );
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = KEYS.STRIPE_WEBHOOK_SECRET;
    }
    expect(construct).not.toHaveBeenCalled();
    await expect(handleStripeWebhook(body, 'garbage')).rejects.toThrow(expect.objectContaining({ message: SIGNATURE_REFUSED }));
    expect(construct).toHaveBeenCalledTimes(1);
  });

  it('refuses every event when the shop has no webhook secret, even one signed with the empty secret', async () => {
    const body = event('payment_intent.succeeded');
    process.env.STRIPE_WEBHOOK_SECRET = ' ';
    try {
      await expect(handleStripeWebhook(body, stripeSignature('', body))).rejects.toThrow(
        expect.objectContaining({ code: 'BAD_REQUEST', message: SIGNATURE_REFUSED }),
      );
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = KEYS.STRIPE_WEBHOOK_SECRET;
    }
  });

  it('acknowledges and ignores, in the log, every event but succeeded and payment_failed', async () => {
    const info = vi.spyOn(log, 'info');
    for (const type of ['payment_intent.processing', 'payment_intent.requires_action', 'payment_intent.canceled', 'charge.refunded']) {
      const body = event(type);
      expect(await handleStripeWebhook(body, stripeSignature(KEYS.STRIPE_WEBHOOK_SECRET, body)), type).toEqual({
        changed: false,
        orderIds: [],
        paid: false,
        ignored: true,
      });
      expect(info).toHaveBeenLastCalledWith(
        { gateway: 'stripe', eventId: 'evt_rules_1', type },
        'payments: webhook event not handled; nothing changed',
      );
    }
  });
});
