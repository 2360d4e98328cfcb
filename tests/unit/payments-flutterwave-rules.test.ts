/**
 * Flutterwave's module (payments/flutterwave.ts) called directly, against the fake gateway
 * (tests/fakes/payments.mjs) in this process and without a database: the cheap driver of its mutation run
 * (docs/mutation-testing.md, run U). Keys, the payment link asked of Flutterwave, and every refusal made before a
 * transaction is verified; what a verified transaction does to the checkout is
 * tests/integration/payments-gateway-rules.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  flutterwaveBase,
  flutterwaveKeys,
  flutterwaveProvider,
  handleFlutterwaveReturn,
  handleFlutterwaveWebhook,
} from '@/server/payments/flutterwave';
import { log } from '@/server/core/logger.mjs';
import { startFakePayments } from '../fakes/payments.mjs';
import type { PaymentRequest } from '@/server/payments/provider';

const KEYS = {
  FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-rules-X',
  FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-rules-X',
  FLUTTERWAVE_SECRET_HASH: 'rules-flutterwave-hash',
};
const SIGNATURE_REFUSED = 'The signature of this notification is not valid, so it was ignored.';
const refused = expect.objectContaining({ code: 'BAD_REQUEST', message: SIGNATURE_REFUSED });

let fake: Awaited<ReturnType<typeof startFakePayments>>;
beforeAll(async () => {
  fake = await startFakePayments({
    flutterwave: { secretKey: KEYS.FLUTTERWAVE_SECRET_KEY, secretHash: KEYS.FLUTTERWAVE_SECRET_HASH },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, KEYS, { FLUTTERWAVE_API_BASE: `${fake.flutterwaveBase}/` });
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: 'VM-2026-000555',
  orderId: 555,
  amount: 1734,
  currency: 'ngn',
  email: 'ngozi@example.com',
  description: 'Voltmart order VM-2026-000555',
  returnUrl: 'http://127.0.0.1:4321/user/order/success/555',
  cancelUrl: 'http://127.0.0.1:4321/user/order/fail/555',
  ...over,
});
const requestsTo = (path: string | RegExp) => fake.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
/** Flutterwave answers `answer` to the next API call. */
const answers = (answer: unknown) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(answer)));

describe('keys and base', () => {
  it('reads each key trimmed, and an empty or blank key as none', () => {
    expect(flutterwaveKeys({ FLUTTERWAVE_PUBLIC_KEY: ' p ', FLUTTERWAVE_SECRET_KEY: ' s ', FLUTTERWAVE_SECRET_HASH: ' h ' })).toEqual({
      publicKey: 'p',
      secretKey: 's',
      secretHash: 'h',
    });
    expect(flutterwaveKeys({ FLUTTERWAVE_PUBLIC_KEY: '', FLUTTERWAVE_SECRET_KEY: ' ', FLUTTERWAVE_SECRET_HASH: '  ' })).toEqual({
      publicKey: null,
      secretKey: null,
      secretHash: null,
    });
  });

  it('is offered only with all three keys, and shows its public key', () => {
    const all = { FLUTTERWAVE_PUBLIC_KEY: 'p', FLUTTERWAVE_SECRET_KEY: 's', FLUTTERWAVE_SECRET_HASH: 'h' };
    expect(flutterwaveProvider.configured(all)).toBe(true);
    for (const name of Object.keys(all)) expect(flutterwaveProvider.configured({ ...all, [name]: ' ' }), name).toBe(false);
    expect(flutterwaveProvider.configured()).toBe(true);
    expect(flutterwaveProvider.publicKey!(all)).toBe('p');
    expect(flutterwaveProvider.publicKey!({})).toBeNull();
    expect(flutterwaveProvider.publicKey!()).toBe('FLWPUBK_TEST-rules-X');
    expect([flutterwaveProvider.method, flutterwaveProvider.gateway]).toEqual([5, 'flutterwave']);
  });

  it("talks to Flutterwave's v3 API, or to the base given without its last slash", () => {
    expect(flutterwaveBase({})).toBe('https://api.flutterwave.com/v3');
    expect(flutterwaveBase({ FLUTTERWAVE_API_BASE: ' ' })).toBe('https://api.flutterwave.com/v3');
    expect(flutterwaveBase({ FLUTTERWAVE_API_BASE: ' http://fake.test/flw/ ' })).toBe('http://fake.test/flw');
    expect(flutterwaveBase()).toBe(fake.flutterwaveBase);
  });

  it('without a secret key, Flutterwave is not available (503), in words', async () => {
    process.env.FLUTTERWAVE_SECRET_KEY = ' ';
    try {
      await expect(flutterwaveProvider.start(request())).rejects.toThrow(
        expect.objectContaining({ code: 'UNAVAILABLE', message: 'Flutterwave is not available right now.' }),
      );
    } finally {
      process.env.FLUTTERWAVE_SECRET_KEY = KEYS.FLUTTERWAVE_SECRET_KEY;
    }
  });
});

describe('start', () => {
  it('asks for a payment link for the whole checkout, in naira as a decimal number, with our return page', async () => {
    const start = await flutterwaveProvider.start(request());
    const sent = requestsTo('/flutterwave/v3/payments').at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('Bearer FLWSECK_TEST-rules-X');
    expect(sent.headers['content-type']).toBe('application/json');
    const body = JSON.parse(sent.body);
    expect(body.tx_ref).toMatch(/^VM-2026-000555-[0-9a-f]{8}$/);
    expect(body).toEqual({
      tx_ref: body.tx_ref,
      amount: 17.34,
      currency: 'NGN',
      redirect_url: 'http://127.0.0.1:4321/payment-return/flutterwave/555',
      customer: { email: 'ngozi@example.com' },
      customizations: { title: 'Voltmart order VM-2026-000555', description: 'Voltmart order VM-2026-000555' },
      meta: { order_no: 'VM-2026-000555' },
    });
    expect(start).toEqual({ kind: 'redirect', reference: body.tx_ref, url: `${fake.origin}/flutterwave/pay/${body.tx_ref}` });
  });

  it('makes a new tx_ref for every attempt, and cuts the title to 60 characters', async () => {
    const long = `Voltmart order ${'x'.repeat(80)}`;
    const a = await flutterwaveProvider.start(request({ description: long }));
    const b = await flutterwaveProvider.start(request());
    expect(a.kind === 'redirect' && b.kind === 'redirect' && a.reference !== b.reference).toBe(true);
    const customizations = JSON.parse(requestsTo('/flutterwave/v3/payments').at(-2)!.body).customizations;
    expect(customizations).toEqual({ title: long.slice(0, 60), description: long });
  });

  it('says so when Flutterwave gives no page to pay on', async () => {
    const noPage = expect.objectContaining({ code: 'UNAVAILABLE', message: 'Flutterwave did not answer with a page to pay on.' });
    answers({ status: 'error', data: { link: 'https://flw.test/pay' } });
    await expect(flutterwaveProvider.start(request())).rejects.toThrow(noPage);
    answers({ status: 'success', data: {} });
    await expect(flutterwaveProvider.start(request())).rejects.toThrow(noPage);
    answers({ status: 'success' });
    await expect(flutterwaveProvider.start(request())).rejects.toThrow(noPage);
    answers({ status: 'success', data: { link: 'https://flw.test/pay' } });
    expect(await flutterwaveProvider.start(request())).toMatchObject({ kind: 'redirect', url: 'https://flw.test/pay' });
  });
});

describe('the return and the webhook, before the checkout is read', () => {
  it('has nothing to verify when the shopper cancelled or brings no transaction', async () => {
    const before = fake.requests.length;
    expect(
      await handleFlutterwaveReturn(new URLSearchParams({ status: 'cancelled', tx_ref: 'VM-1-aaaaaaaa', transaction_id: '1000001' })),
    ).toBeNull();
    expect(await handleFlutterwaveReturn(new URLSearchParams({ status: 'successful', tx_ref: 'VM-1-aaaaaaaa' }))).toBeNull();
    expect(await handleFlutterwaveReturn(new URLSearchParams({ status: 'successful', transaction_id: '' }))).toBeNull();
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a transaction id that is not a number of at most 20 digits (400), without asking Flutterwave', async () => {
    const before = fake.requests.length;
    for (const id of ['abc', '12a', '1/../2', `1${'0'.repeat(20)}`, ' 12', '-1'])
      await expect(handleFlutterwaveReturn(new URLSearchParams({ status: 'successful', transaction_id: id })), id).rejects.toThrow(refused);
    expect(fake.requests.length).toBe(before);
  });

  it('asks Flutterwave to verify the transaction, and refuses one it does not confirm (400)', async () => {
    const fetch = answers({ status: 'error', message: 'No transaction was found for this id', data: null });
    await expect(handleFlutterwaveReturn(new URLSearchParams({ status: 'successful', transaction_id: '12345' }))).rejects.toThrow(refused);
    expect(String(fetch.mock.calls[0]![0])).toBe(`${fake.flutterwaveBase}/transactions/12345/verify`);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', headers: { authorization: 'Bearer FLWSECK_TEST-rules-X' } });
    answers({ status: 'success' });
    await expect(handleFlutterwaveReturn(new URLSearchParams({ transaction_id: `9${'9'.repeat(19)}` }))).rejects.toThrow(refused);
  });

  it('refuses a transaction Flutterwave describes but does not confirm (status other than success, 400)', async () => {
    const tx = { id: 12345, tx_ref: 'VM-2026-000555-0badcafe', status: 'successful', amount: 17.34, currency: 'NGN' };
    for (const status of ['error', 'Success', '']) {
      answers({ status, data: tx });
      await expect(handleFlutterwaveReturn(new URLSearchParams({ transaction_id: '12345' })), status).rejects.toThrow(refused);
    }
  });

  it('names Flutterwave when it refuses a call or cannot be read (503)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{"status":"error"}', { status: 500 }));
    await expect(flutterwaveProvider.start(request())).rejects.toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'Flutterwave refused the request. Please try again in a moment.' }),
    );
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>'));
    await expect(handleFlutterwaveReturn(new URLSearchParams({ transaction_id: '12345' }))).rejects.toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'Flutterwave answered something we could not read.' }),
    );
  });

  it('refuses a webhook without our secret hash, or when the shop has none, or that is not JSON', async () => {
    const body = JSON.stringify({ event: 'charge.completed', data: { id: 1 } });
    await expect(handleFlutterwaveWebhook(body, null)).rejects.toThrow(refused);
    await expect(handleFlutterwaveWebhook(body, 'another-hash')).rejects.toThrow(refused);
    await expect(handleFlutterwaveWebhook('{no', KEYS.FLUTTERWAVE_SECRET_HASH)).rejects.toThrow(refused);
    process.env.FLUTTERWAVE_SECRET_HASH = ' ';
    try {
      await expect(handleFlutterwaveWebhook(body, '')).rejects.toThrow(refused);
      await expect(handleFlutterwaveWebhook(body, ' ')).rejects.toThrow(refused);
    } finally {
      process.env.FLUTTERWAVE_SECRET_HASH = KEYS.FLUTTERWAVE_SECRET_HASH;
    }
  });

  it('acknowledges and ignores, in the log, other events and events without a transaction', async () => {
    const info = vi.spyOn(log, 'info');
    const cases = [
      { event: 'transfer.completed', data: { id: 7 } },
      { event: 'charge.completed', data: {} },
      { event: 'charge.completed', data: { id: 0 } },
      { event: 'charge.completed' },
    ];
    for (const event of cases) {
      expect(await handleFlutterwaveWebhook(JSON.stringify(event), KEYS.FLUTTERWAVE_SECRET_HASH)).toEqual({
        changed: false,
        orderIds: [],
        paid: false,
        ignored: true,
      });
      expect(info).toHaveBeenLastCalledWith(
        { gateway: 'flutterwave', type: event.event, transactionId: event.data?.id },
        'payments: webhook event not handled; nothing changed',
      );
    }
  });

  it('verifies the transaction a charge.completed names, whatever else the event says', async () => {
    const fetch = answers({ status: 'error', data: null });
    const body = JSON.stringify({ event: 'charge.completed', data: { id: 4242, status: 'successful', amount: 1 } });
    await expect(handleFlutterwaveWebhook(body, ` ${KEYS.FLUTTERWAVE_SECRET_HASH} `)).rejects.toThrow(refused);
    expect(String(fetch.mock.calls[0]![0])).toBe(`${fake.flutterwaveBase}/transactions/4242/verify`);
  });
});
