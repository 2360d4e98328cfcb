/**
 * Razorpay's module (payments/razorpay.ts) called directly, against the fake gateway (tests/fakes/payments.mjs) in
 * this process and without a database: the cheap driver of its mutation run (docs/mutation-testing.md, run U).
 * Everything decided before the checkout is read (keys, the Orders API call, refunds, every signature refusal,
 * events ignored) is here; what a verified answer does to the checkout is
 * tests/integration/payments-gateway-rules.test.ts.
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  handleRazorpayCallback,
  handleRazorpayWebhook,
  RAZORPAY_CHECKOUT_JS,
  razorpayBrowserSources,
  razorpayClient,
  razorpayKeys,
  razorpayProvider,
} from '@/server/payments/razorpay';
import { log } from '@/server/core/logger.mjs';
import { startFakePayments } from '../fakes/payments.mjs';
import type { PaymentRequest } from '@/server/payments/provider';

const KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_rules',
  RAZORPAY_KEY_SECRET: 'rzp_secret_rules_fake',
  RAZORPAY_WEBHOOK_SECRET: 'rzp_webhook_rules_fake',
};
const SIGNATURE_REFUSED = 'The signature of this notification is not valid, so it was ignored.';
const refused = expect.objectContaining({ code: 'BAD_REQUEST', message: SIGNATURE_REFUSED });
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

let fake: Awaited<ReturnType<typeof startFakePayments>>;
beforeAll(async () => {
  fake = await startFakePayments({
    razorpay: { keyId: KEYS.RAZORPAY_KEY_ID, keySecret: KEYS.RAZORPAY_KEY_SECRET, webhookSecret: KEYS.RAZORPAY_WEBHOOK_SECRET },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, KEYS, { RAZORPAY_API_BASE: fake.razorpayBase });
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: 'VM-2026-000888',
  orderId: 888,
  amount: 59_900,
  currency: 'inr',
  email: 'ravi@example.com',
  description: 'Voltmart order VM-2026-000888',
  returnUrl: 'http://127.0.0.1:4321/user/order/success/888',
  cancelUrl: 'http://127.0.0.1:4321/user/order/fail/888',
  ...over,
});

async function started(over: Partial<PaymentRequest> = {}) {
  const start = await razorpayProvider.start(request(over));
  if (start.kind !== 'client') throw new Error('Razorpay starts on the pay page');
  return start;
}

const requestsTo = (path: RegExp) => fake.requests.filter((r) => path.test(r.path));

describe('keys and client', () => {
  it('reads each key trimmed, and an empty or blank key as none', () => {
    expect(razorpayKeys({ RAZORPAY_KEY_ID: ' id ', RAZORPAY_KEY_SECRET: ' s ', RAZORPAY_WEBHOOK_SECRET: ' w ' })).toEqual({
      keyId: 'id',
      keySecret: 's',
      webhookSecret: 'w',
    });
    expect(razorpayKeys({ RAZORPAY_KEY_ID: ' ', RAZORPAY_KEY_SECRET: '', RAZORPAY_WEBHOOK_SECRET: '  ' })).toEqual({
      keyId: null,
      keySecret: null,
      webhookSecret: null,
    });
  });

  it('is offered with the key id and secret (the webhook secret is optional), and shows its key id', () => {
    const both = { RAZORPAY_KEY_ID: 'id', RAZORPAY_KEY_SECRET: 's' };
    expect(razorpayProvider.configured(both)).toBe(true);
    expect(razorpayProvider.configured({ ...both, RAZORPAY_KEY_ID: ' ' })).toBe(false);
    expect(razorpayProvider.configured({ ...both, RAZORPAY_KEY_SECRET: '' })).toBe(false);
    expect(razorpayProvider.configured()).toBe(true);
    expect(razorpayProvider.publicKey!(both)).toBe('id');
    expect(razorpayProvider.publicKey!({})).toBeNull();
    expect(razorpayProvider.publicKey!()).toBe('rzp_test_rules');
    expect([razorpayProvider.method, razorpayProvider.gateway]).toEqual([1, 'razorpay']);
  });

  it('without the key id or the secret, Razorpay is not available (503), in words', () => {
    const unavailable = expect.objectContaining({ code: 'UNAVAILABLE', message: 'Razorpay is not available right now.' });
    expect(() => razorpayClient({ RAZORPAY_KEY_SECRET: 's' })).toThrow(unavailable);
    expect(() => razorpayClient({ RAZORPAY_KEY_ID: 'id' })).toThrow(unavailable);
  });

  it("talks to Razorpay's API, or to the base given (tests only)", () => {
    const base = (c: unknown) => (c as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL;
    expect(base(razorpayClient({ RAZORPAY_KEY_ID: 'id', RAZORPAY_KEY_SECRET: 's' }))).toBe('https://api.razorpay.com');
    expect(base(razorpayClient({ RAZORPAY_KEY_ID: 'id', RAZORPAY_KEY_SECRET: 's', RAZORPAY_API_BASE: ' ' }))).toBe(
      'https://api.razorpay.com',
    );
    expect(base(razorpayClient({ RAZORPAY_KEY_ID: 'id', RAZORPAY_KEY_SECRET: 's', RAZORPAY_API_BASE: ' http://fake.test/rzp ' }))).toBe(
      'http://fake.test/rzp',
    );
  });

  it("loads Razorpay's Checkout and allows only its origins on the pay page, or the fake's in tests", () => {
    expect(RAZORPAY_CHECKOUT_JS).toBe('https://checkout.razorpay.com/v1/checkout.js');
    expect(razorpayBrowserSources({})).toEqual({
      script: 'https://checkout.razorpay.com/v1/checkout.js',
      scriptSrc: ['https://checkout.razorpay.com'],
      frameSrc: ['https://api.razorpay.com'],
      connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
    });
    expect(razorpayBrowserSources({ RAZORPAY_CHECKOUT_URL: '  ' })).toEqual(razorpayBrowserSources({}));
    expect(razorpayBrowserSources({ RAZORPAY_CHECKOUT_URL: ' http://127.0.0.1:9/razorpay/v1/checkout.js ' })).toEqual({
      script: 'http://127.0.0.1:9/razorpay/v1/checkout.js',
      scriptSrc: ['http://127.0.0.1:9'],
      frameSrc: ['http://127.0.0.1:9'],
      connectSrc: ['http://127.0.0.1:9'],
    });
    expect(razorpayBrowserSources().script).toBe('https://checkout.razorpay.com/v1/checkout.js');
  });
});

describe('start', () => {
  it('creates one Razorpay order for the checkout, in paise, upper-case currency, receipt and notes naming the order', async () => {
    const start = await started();
    const sent = requestsTo(/^\/razorpay\/v1\/orders$/).at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({
      amount: 59_900,
      currency: 'INR',
      receipt: 'VM-2026-000888',
      notes: { order_no: 'VM-2026-000888' },
    });
    expect(start).toEqual({
      kind: 'client',
      reference: start.reference,
      publicKey: 'rzp_test_rules',
      extra: {
        order_id: start.reference,
        amount: 59_900,
        currency: 'INR',
        description: 'Voltmart order VM-2026-000888',
        email: 'ravi@example.com',
      },
    });
    expect(start.reference).toMatch(/^order_/);
  });

  it("cuts the receipt to Razorpay's 40 characters", async () => {
    const long = `VM-${'9'.repeat(50)}`;
    await started({ orderNo: long });
    const sent = JSON.parse(requestsTo(/^\/razorpay\/v1\/orders$/).at(-1)!.body);
    expect(sent.receipt).toBe(long.slice(0, 40));
    expect(sent.notes).toEqual({ order_no: long });
  });
});

describe('refund', () => {
  async function capturedPayment(amount = 59_900) {
    const start = await started({ amount });
    const answer = await fake.razorpayPay(start.reference, 'captured');
    return answer.razorpay_payment_id as string;
  }

  it('refunds the amount asked, with the reason in its notes', async () => {
    const paymentId = await capturedPayment();
    const refund = await razorpayProvider.refund!({
      chargeRef: paymentId,
      amount: 10_000,
      currency: 'INR',
      idempotencyKey: 'k1',
      note: 'damaged',
    });
    expect(refund.reference).toMatch(/^rfnd_/);
    expect(fake.refunds.filter((r) => r.charge === paymentId)).toEqual([
      { gateway: 'razorpay', charge: paymentId, amount: 10_000, id: refund.reference },
    ]);
    expect(JSON.parse(requestsTo(/\/refund$/).at(-1)!.body)).toEqual({ amount: 10_000, notes: { reason: 'damaged' } });
  });

  it('says why without a note: the order could not take the payment', async () => {
    const paymentId = await capturedPayment();
    await razorpayProvider.refund!({ chargeRef: paymentId, amount: 59_900, currency: 'INR', idempotencyKey: 'k2' });
    expect(JSON.parse(requestsTo(/\/refund$/).at(-1)!.body)).toEqual({
      amount: 59_900,
      notes: { reason: 'order could not take the payment' },
    });
  });

  it('answers a retry of a refund already made from its refunds, without refunding twice', async () => {
    const paymentId = await capturedPayment();
    const charge = { chargeRef: paymentId, amount: 59_900, currency: 'INR', idempotencyKey: 'k3' };
    const first = await razorpayProvider.refund!(charge);
    expect(await razorpayProvider.refund!(charge)).toEqual(first);
    expect(fake.refunds.filter((r) => r.charge === paymentId)).toHaveLength(1);
  });

  it('makes a second partial refund when the first is all that was refunded before', async () => {
    const paymentId = await capturedPayment();
    await razorpayProvider.refund!({ chargeRef: paymentId, amount: 20_000, currency: 'INR', idempotencyKey: 'p1' });
    // Exactly what was given back before plus this one is not reached yet: a new refund.
    const second = await razorpayProvider.refund!({
      chargeRef: paymentId,
      amount: 20_000,
      currency: 'INR',
      idempotencyKey: 'p2',
      refundedBefore: 20_000,
    });
    expect(fake.refunds.filter((r) => r.charge === paymentId).map((r) => r.amount)).toEqual([20_000, 20_000]);
    // Its retry: Razorpay has refunded 40,000 = 20,000 before + 20,000 now, so it is answered with the latest refund.
    expect(
      await razorpayProvider.refund!({
        chargeRef: paymentId,
        amount: 20_000,
        currency: 'INR',
        idempotencyKey: 'p2',
        refundedBefore: 20_000,
      }),
    ).toEqual(second);
    expect(fake.refunds.filter((r) => r.charge === paymentId)).toHaveLength(2);
  });

  it('names the payment itself when Razorpay lists no refund for a payment refunded elsewhere', async () => {
    const start = await started();
    const answer = await fake.razorpayPay(start.reference, 'refunded');
    const refund = await razorpayProvider.refund!({
      chargeRef: answer.razorpay_payment_id,
      amount: 59_900,
      currency: 'INR',
      idempotencyKey: 'k4',
    });
    expect(refund).toEqual({ reference: `${answer.razorpay_payment_id}:refunded` });
  });
});

describe('the callback, before the checkout is read', () => {
  it('refuses a missing or wrong signature, order id or payment id (400), without asking Razorpay', async () => {
    const start = await started();
    const good = await fake.razorpayPay(start.reference, 'captured');
    const before = fake.requests.length;
    const { razorpay_order_id: o, razorpay_payment_id: p, razorpay_signature: s } = good;
    await expect(handleRazorpayCallback({ razorpay_order_id: o, razorpay_payment_id: p })).rejects.toThrow(refused);
    await expect(handleRazorpayCallback({ razorpay_order_id: o, razorpay_payment_id: p, razorpay_signature: 'x' })).rejects.toThrow(
      refused,
    );
    await expect(handleRazorpayCallback({ razorpay_payment_id: p, razorpay_signature: s })).rejects.toThrow(refused);
    await expect(handleRazorpayCallback({ razorpay_order_id: o, razorpay_signature: s })).rejects.toThrow(refused);
    // Signed over the empty ids, as a shop with an empty key secret would accept.
    await expect(
      handleRazorpayCallback({ razorpay_order_id: '', razorpay_payment_id: '', razorpay_signature: hmac(KEYS.RAZORPAY_KEY_SECRET, '|') }),
    ).rejects.toThrow(refused);
    await expect(
      handleRazorpayCallback({
        razorpay_order_id: o,
        razorpay_payment_id: '',
        razorpay_signature: hmac(KEYS.RAZORPAY_KEY_SECRET, `${o}|`),
      }),
    ).rejects.toThrow(refused);
    await expect(
      handleRazorpayCallback({
        razorpay_order_id: '',
        razorpay_payment_id: p,
        razorpay_signature: hmac(KEYS.RAZORPAY_KEY_SECRET, `|${p}`),
      }),
    ).rejects.toThrow(refused);
    await expect(
      handleRazorpayCallback({ razorpay_order_id: o, razorpay_payment_id: p, razorpay_signature: hmac('another secret', `${o}|${p}`) }),
    ).rejects.toThrow(refused);
    expect(fake.requests.length).toBe(before);
  });

  it('refuses every callback when the shop has no key secret, even one signed with the empty key', async () => {
    const start = await started();
    const good = await fake.razorpayPay(start.reference, 'captured');
    process.env.RAZORPAY_KEY_SECRET = ' ';
    try {
      await expect(
        handleRazorpayCallback({ ...good, razorpay_signature: hmac('', `${good.razorpay_order_id}|${good.razorpay_payment_id}`) }),
      ).rejects.toThrow(refused);
    } finally {
      process.env.RAZORPAY_KEY_SECRET = KEYS.RAZORPAY_KEY_SECRET;
    }
  });

  it("refuses a payment signed with another order's id (the payment belongs to another order)", async () => {
    const a = await started();
    const b = await started();
    const paid = await fake.razorpayPay(a.reference, 'captured');
    const forged = {
      razorpay_order_id: b.reference,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: hmac(KEYS.RAZORPAY_KEY_SECRET, `${b.reference}|${paid.razorpay_payment_id}`),
    };
    await expect(handleRazorpayCallback(forged)).rejects.toThrow(refused);
  });
});

describe('the webhook, before the checkout is read', () => {
  const body = (event: string, payment?: Record<string, unknown>) =>
    JSON.stringify({ entity: 'event', event, payload: payment ? { payment: { entity: payment } } : {} });

  it('refuses an unsigned, forged or wrongly signed event (400)', async () => {
    const raw = body('order.paid', { id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR' });
    await expect(handleRazorpayWebhook(raw, null, 'evt_1')).rejects.toThrow(refused);
    await expect(handleRazorpayWebhook(raw, hmac('other', raw), 'evt_1')).rejects.toThrow(refused);
    await expect(handleRazorpayWebhook(`${raw} `, hmac(KEYS.RAZORPAY_WEBHOOK_SECRET, raw), 'evt_1')).rejects.toThrow(refused);
  });

  it('refuses every webhook when the shop has no webhook secret: signed with the empty key, the key secret or not at all', async () => {
    const raw = body('order.paid', { id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR' });
    process.env.RAZORPAY_WEBHOOK_SECRET = '';
    try {
      for (const signature of [hmac('', raw), hmac(KEYS.RAZORPAY_KEY_SECRET, raw), hmac(KEYS.RAZORPAY_WEBHOOK_SECRET, raw), null])
        await expect(handleRazorpayWebhook(raw, signature, 'evt_1')).rejects.toThrow(refused);
    } finally {
      process.env.RAZORPAY_WEBHOOK_SECRET = KEYS.RAZORPAY_WEBHOOK_SECRET;
    }
  });

  it('acknowledges and ignores, in the log, other events and events without a payment of an order', async () => {
    const info = vi.spyOn(log, 'info');
    const cases: [string, Record<string, unknown> | undefined][] = [
      ['payment.authorized', { id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR' }],
      ['refund.processed', { id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR' }],
      ['order.paid', undefined],
      ['order.paid', { id: 'pay_1', amount: 100, currency: 'INR' }],
      ['payment.failed', { id: 'pay_1', order_id: '', amount: 100, currency: 'INR' }],
    ];
    for (const [event, payment] of cases) {
      const raw = body(event, payment);
      expect(await handleRazorpayWebhook(raw, hmac(KEYS.RAZORPAY_WEBHOOK_SECRET, raw), 'evt_9'), event).toEqual({
        changed: false,
        orderIds: [],
        paid: false,
        ignored: true,
      });
      expect(info).toHaveBeenLastCalledWith(
        { gateway: 'razorpay', eventId: 'evt_9', type: event },
        'payments: webhook event not handled; nothing changed',
      );
    }
    const noPayload = JSON.stringify({ event: 'order.paid' });
    expect(await handleRazorpayWebhook(noPayload, hmac(KEYS.RAZORPAY_WEBHOOK_SECRET, noPayload), null)).toMatchObject({ ignored: true });
    const noPayment = JSON.stringify({ event: 'order.paid', payload: { payment: {} } });
    expect(await handleRazorpayWebhook(noPayment, hmac(KEYS.RAZORPAY_WEBHOOK_SECRET, noPayment), null)).toMatchObject({ ignored: true });
  });
});
