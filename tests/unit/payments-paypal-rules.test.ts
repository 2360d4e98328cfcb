/**
 * PayPal's module (payments/paypal.ts) called directly, against the fake gateway (tests/fakes/payments.mjs) in this
 * process and without a database: the cheap driver of its mutation run (docs/mutation-testing.md, run U). Keys,
 * the API base, the OAuth token's reuse, the order and refund asked of PayPal, and every webhook refusal;
 * what a capture does to the checkout is tests/integration/payments-gateway-rules.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handlePaypalReturn, handlePaypalWebhook, paypalBase, paypalKeys, paypalProvider } from '@/server/payments/paypal';
import { log } from '@/server/core/logger.mjs';
import { startFakePayments } from '../fakes/payments.mjs';
import type { PaymentRequest } from '@/server/payments/provider';

const KEYS = {
  PAYPAL_CLIENT_ID: 'paypal-client-rules',
  PAYPAL_CLIENT_SECRET: 'paypal-secret-rules',
  PAYPAL_WEBHOOK_ID: 'WH-RULES-FAKE',
};
const SIGNATURE_REFUSED = 'The signature of this notification is not valid, so it was ignored.';
const refused = expect.objectContaining({ code: 'BAD_REQUEST', message: SIGNATURE_REFUSED });

let fake: Awaited<ReturnType<typeof startFakePayments>>;
beforeAll(async () => {
  fake = await startFakePayments({
    paypal: { clientId: KEYS.PAYPAL_CLIENT_ID, clientSecret: KEYS.PAYPAL_CLIENT_SECRET, webhookId: KEYS.PAYPAL_WEBHOOK_ID },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, KEYS, { PAYPAL_API_BASE: `${fake.paypalBase}/` });
});
afterAll(() => fake.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: 'VM-2026-000999',
  orderId: 999,
  amount: 1734,
  currency: 'usd',
  email: 'pat@example.com',
  description: 'Voltmart order VM-2026-000999',
  returnUrl: 'http://127.0.0.1:4321/user/order/success/999',
  cancelUrl: 'http://127.0.0.1:4321/user/order/fail/999',
  ...over,
});
const requestsTo = (path: string | RegExp) => fake.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
const tokenRequests = () => requestsTo('/paypal/v1/oauth2/token').length;

async function started(over: Partial<PaymentRequest> = {}) {
  const start = await paypalProvider.start(request(over));
  if (start.kind !== 'redirect') throw new Error('PayPal starts on its own page');
  return start;
}

describe('keys, base and token', () => {
  it('reads each key trimmed, and an empty or blank key as none', () => {
    expect(paypalKeys({ PAYPAL_CLIENT_ID: ' c ', PAYPAL_CLIENT_SECRET: ' s ', PAYPAL_WEBHOOK_ID: ' w ' })).toEqual({
      clientId: 'c',
      clientSecret: 's',
      webhookId: 'w',
    });
    expect(paypalKeys({ PAYPAL_CLIENT_ID: ' ', PAYPAL_CLIENT_SECRET: '', PAYPAL_WEBHOOK_ID: '  ' })).toEqual({
      clientId: null,
      clientSecret: null,
      webhookId: null,
    });
  });

  it('is offered with the client id and secret, and shows its client id', () => {
    const both = { PAYPAL_CLIENT_ID: 'c', PAYPAL_CLIENT_SECRET: 's' };
    expect(paypalProvider.configured(both)).toBe(true);
    expect(paypalProvider.configured({ ...both, PAYPAL_CLIENT_ID: ' ' })).toBe(false);
    expect(paypalProvider.configured({ ...both, PAYPAL_CLIENT_SECRET: '' })).toBe(false);
    expect(paypalProvider.configured()).toBe(true);
    expect(paypalProvider.publicKey!(both)).toBe('c');
    expect(paypalProvider.publicKey!({})).toBeNull();
    expect(paypalProvider.publicKey!()).toBe('paypal-client-rules');
    expect([paypalProvider.method, paypalProvider.gateway]).toEqual([4, 'paypal']);
  });

  it("talks to PayPal's sandbox unless PAYPAL_MODE is live, or to the base given without its last slash", () => {
    expect(paypalBase({})).toBe('https://api-m.sandbox.paypal.com');
    expect(paypalBase({ PAYPAL_MODE: 'sandbox' })).toBe('https://api-m.sandbox.paypal.com');
    expect(paypalBase({ PAYPAL_MODE: ' live ' })).toBe('https://api-m.paypal.com');
    expect(paypalBase({ PAYPAL_MODE: 'live', PAYPAL_API_BASE: ' ' })).toBe('https://api-m.paypal.com');
    expect(paypalBase({ PAYPAL_API_BASE: ' http://fake.test/paypal/ ', PAYPAL_MODE: 'live' })).toBe('http://fake.test/paypal');
    expect(paypalBase({ PAYPAL_API_BASE: 'http://fake.test/paypal' })).toBe('http://fake.test/paypal');
    expect(paypalBase()).toBe(fake.paypalBase);
  });

  it('without the client id or secret, PayPal is not available (503), in words', async () => {
    const unavailable = expect.objectContaining({ code: 'UNAVAILABLE', message: 'PayPal is not available right now.' });
    for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const) {
      process.env[name] = ' ';
      try {
        await expect(paypalProvider.start(request())).rejects.toThrow(unavailable);
      } finally {
        process.env[name] = KEYS[name];
      }
    }
  });

  it('asks for a token with the client credentials, and reuses it until a minute before it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-01-01T00:00:00Z'));
    const first = tokenRequests();
    await started();
    expect(tokenRequests()).toBe(first + 1);
    const asked = requestsTo('/paypal/v1/oauth2/token').at(-1)!;
    expect(asked.headers.authorization).toBe(`Basic ${Buffer.from('paypal-client-rules:paypal-secret-rules').toString('base64')}`);
    expect(asked.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(asked.body).toBe('grant_type=client_credentials');
    // The fake's token lives 32,400 s: reused until 60 s before that.
    vi.setSystemTime(new Date(Date.parse('2031-01-01T00:00:00Z') + (32_400 - 61) * 1000));
    await started();
    expect(tokenRequests()).toBe(first + 1);
    // At the very millisecond a minute before it expires, it is no longer used.
    vi.setSystemTime(new Date(Date.parse('2031-01-01T00:00:00Z') + (32_400 - 60) * 1000));
    await started();
    expect(tokenRequests()).toBe(first + 2);
  });

  it('asks for a new token when the client id or the base changes', async () => {
    await started();
    const before = tokenRequests();
    await started();
    expect(tokenRequests()).toBe(before);
    process.env.PAYPAL_API_BASE = fake.paypalBase;
    process.env.PAYPAL_CLIENT_ID = ' paypal-client-rules ';
    await started();
    expect(tokenRequests()).toBe(before);
    // Another client id at the same base: PayPal refuses it, after asking for a token of its own.
    process.env.PAYPAL_CLIENT_ID = 'another-client';
    try {
      await expect(started()).rejects.toThrow(
        expect.objectContaining({ code: 'UNAVAILABLE', message: 'PayPal refused the request. Please try again in a moment.' }),
      );
      expect(tokenRequests()).toBe(before + 1);
    } finally {
      process.env.PAYPAL_CLIENT_ID = KEYS.PAYPAL_CLIENT_ID;
      process.env.PAYPAL_API_BASE = `${fake.paypalBase}/`;
    }
  });
});

describe('start, cancel and refund', () => {
  it('creates one CAPTURE order for the checkout, in dollars, with our return and cancel pages, and sends the shopper to approve it', async () => {
    const start = await started();
    const sent = requestsTo('/paypal/v2/checkout/orders').at(-1)!;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(sent.headers['paypal-request-id']).toBeUndefined();
    expect(JSON.parse(sent.body)).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'VM-2026-000999',
          custom_id: 'VM-2026-000999',
          description: 'Voltmart order VM-2026-000999',
          amount: { currency_code: 'USD', value: '17.34' },
        },
      ],
      payment_source: {
        paypal: {
          email_address: 'pat@example.com',
          experience_context: {
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: 'http://127.0.0.1:4321/payment-return/paypal/999',
            cancel_url: 'http://127.0.0.1:4321/user/order/fail/999',
          },
        },
      },
    });
    expect(start).toEqual({
      kind: 'redirect',
      reference: start.reference,
      url: `${fake.origin}/paypal/checkoutnow?token=${start.reference}`,
    });
  });

  it("cuts the description to PayPal's 127 characters and writes yen without decimals", async () => {
    await started({ description: 'x'.repeat(200), currency: 'JPY', amount: 500 });
    const unit = JSON.parse(requestsTo('/paypal/v2/checkout/orders').at(-1)!.body).purchase_units[0];
    expect(unit.description).toBe('x'.repeat(127));
    expect(unit.amount).toEqual({ currency_code: 'JPY', value: '500' });
  });

  it("follows PayPal's older 'approve' link too, and says so when there is no page to pay on", async () => {
    const orders = (links: { rel: string; href: string }[]) =>
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
        const url = String(input);
        if (url.endsWith('/oauth2/token')) return new Response(JSON.stringify({ access_token: 'A21AA-x', expires_in: 32_400 }));
        return new Response(JSON.stringify({ id: 'ORDER-LINKS-1', status: 'CREATED', links }), { status: 201 });
      });
    orders([
      { rel: 'self', href: 'https://paypal.test/self' },
      { rel: 'approve', href: 'https://paypal.test/approve' },
    ]);
    expect(await paypalProvider.start(request())).toEqual({
      kind: 'redirect',
      reference: 'ORDER-LINKS-1',
      url: 'https://paypal.test/approve',
    });
    vi.restoreAllMocks();
    orders([{ rel: 'self', href: 'https://paypal.test/self' }]);
    await expect(paypalProvider.start(request())).rejects.toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'PayPal did not answer with a page to pay on.' }),
    );
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('/oauth2/token')
        ? new Response(JSON.stringify({ access_token: 'A21AA-x', expires_in: 32_400 }))
        : new Response(JSON.stringify({ id: 'ORDER-LINKS-2', status: 'CREATED' }), { status: 201 }),
    );
    await expect(paypalProvider.start(request())).rejects.toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'PayPal did not answer with a page to pay on.' }),
    );
  });

  it('has nothing to cancel: an order not captured takes no money', async () => {
    const before = fake.requests.length;
    expect(await paypalProvider.cancelPending!('ANY-ORDER')).toBe(true);
    expect(fake.requests.length).toBe(before);
  });

  it('refunds the amount asked of the capture, in dollars, once per request id', async () => {
    const start = await started();
    fake.paypalOrderStatus(start.reference, 'APPROVED');
    const captured = await fetch(`${fake.paypalBase}/v2/checkout/orders/${start.reference}/capture`, {
      method: 'POST',
      headers: {
        authorization: requestsTo('/paypal/v2/checkout/orders').at(-1)!.headers.authorization!,
        'content-type': 'application/json',
      },
      body: '{}',
    }).then((r) => r.json());
    const captureId = captured.purchase_units[0].payments.captures[0].id as string;
    const charge = { chargeRef: captureId, amount: 500, currency: 'usd', idempotencyKey: 'pp-refund-1' };
    const first = await paypalProvider.refund!(charge);
    expect(await paypalProvider.refund!(charge)).toEqual(first);
    expect(fake.refunds.filter((r) => r.charge === captureId)).toEqual([
      { gateway: 'paypal', charge: captureId, amount: '5.00', id: first.reference },
    ]);
    const sent = requestsTo(/\/refund$/).at(-1)!;
    expect(sent.path).toBe(`/paypal/v2/payments/captures/${captureId}/refund`);
    expect(sent.headers['paypal-request-id']).toBe('pp-refund-1');
    expect(JSON.parse(sent.body)).toEqual({ amount: { value: '5.00', currency_code: 'USD' } });
  });

  it('names the capture safely in the refund path', async () => {
    // No such capture at PayPal: the operator reads that PayPal refused, by name.
    await expect(paypalProvider.refund!({ chargeRef: 'A/B', amount: 1, currency: 'USD', idempotencyKey: 'x' })).rejects.toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'PayPal refused the request. Please try again in a moment.' }),
    );
    expect(requestsTo(/\/refund$/).at(-1)!.path).toBe('/paypal/v2/payments/captures/A%2FB/refund');
  });
});

describe('the return and the webhook, before the checkout is read', () => {
  it('refuses an order id that is not one of PayPal (400), without asking PayPal', async () => {
    const before = fake.requests.length;
    for (const id of ['', 'ABCD', 'A'.repeat(41), 'ORDER/../x', 'ORDER 1', 'x?y'])
      await expect(handlePaypalReturn(id), id).rejects.toThrow(refused);
    expect(fake.requests.length).toBe(before);
  });

  const signedEvent = async (type: string, resource: Record<string, unknown>) => {
    await fake.paypalEvent(type, resource);
    const delivery = fake.deliveries.at(-1)!;
    return { body: delivery.body, headers: new Headers(delivery.headers) };
  };

  it('refuses an event without a transmission signature, or when the shop has no webhook id, without asking PayPal', async () => {
    const { body, headers } = await signedEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'CAP1' });
    const before = fake.requests.length;
    const unsigned = new Headers(headers);
    unsigned.delete('paypal-transmission-sig');
    await expect(handlePaypalWebhook(body, unsigned)).rejects.toThrow(refused);
    process.env.PAYPAL_WEBHOOK_ID = ' ';
    try {
      await expect(handlePaypalWebhook(body, headers)).rejects.toThrow(refused);
    } finally {
      process.env.PAYPAL_WEBHOOK_ID = KEYS.PAYPAL_WEBHOOK_ID;
    }
    await expect(handlePaypalWebhook('{not json', headers)).rejects.toThrow(refused);
    expect(fake.requests.length).toBe(before);
  });

  it('asks PayPal to verify with every transmission header and our webhook id, and refuses what PayPal does not verify', async () => {
    const { body, headers } = await signedEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'CAP2' });
    await expect(handlePaypalWebhook(body.replace('CAP2', 'CAP3'), headers)).rejects.toThrow(refused);
    await expect(handlePaypalWebhook(body, headers)).resolves.toMatchObject({ ignored: true });
    const asked = JSON.parse(requestsTo('/paypal/v1/notifications/verify-webhook-signature').at(-1)!.body);
    expect(asked).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: headers.get('paypal-cert-url'),
      transmission_id: headers.get('paypal-transmission-id'),
      transmission_sig: headers.get('paypal-transmission-sig'),
      transmission_time: headers.get('paypal-transmission-time'),
      webhook_id: 'WH-RULES-FAKE',
      webhook_event: JSON.parse(body),
    });
    for (const name of ['paypal-auth-algo', 'paypal-transmission-id', 'paypal-transmission-time']) {
      const changed = new Headers(headers);
      changed.set(name, 'other');
      await expect(handlePaypalWebhook(body, changed), name).rejects.toThrow(refused);
    }
    const missing = new Headers(headers);
    missing.delete('paypal-auth-algo');
    await expect(handlePaypalWebhook(body, missing)).rejects.toThrow(refused);
    expect(JSON.parse(requestsTo('/paypal/v1/notifications/verify-webhook-signature').at(-1)!.body).auth_algo).toBe('');
  });

  it('acknowledges and ignores, in the log, a verified event that is not a completed capture of an order', async () => {
    const info = vi.spyOn(log, 'info');
    const cases: [string, Record<string, unknown>][] = [
      ['PAYMENT.CAPTURE.PENDING', { id: 'CAP3', supplementary_data: { related_ids: { order_id: 'ORDER-1' } } }],
      ['PAYMENT.CAPTURE.DENIED', { id: 'CAP3', supplementary_data: { related_ids: { order_id: 'ORDER-1' } } }],
      ['CHECKOUT.ORDER.APPROVED', { id: 'ORDER-1', status: 'APPROVED' }],
      ['PAYMENT.CAPTURE.COMPLETED', { id: 'CAP4', supplementary_data: { related_ids: {} } }],
      ['PAYMENT.CAPTURE.COMPLETED', { id: 'CAP4' }],
    ];
    for (const [type, resource] of cases) {
      const { body, headers } = await signedEvent(type, resource);
      expect(await handlePaypalWebhook(body, headers), type).toEqual({ changed: false, orderIds: [], paid: false, ignored: true });
      expect(info).toHaveBeenLastCalledWith(
        { gateway: 'paypal', eventId: JSON.parse(body).id, type },
        'payments: webhook event not handled; nothing changed',
      );
    }
  });
});
