/**
 * iyzico's module (payments/iyzico.ts) called directly, against the fake gateway (tests/fakes/payments.mjs) in this
 * process and without a database: the cheap driver of its mutation run (docs/mutation-testing.md, run U). Keys,
 * the API base, the IYZWSv2 signature of every request, and every refusal of a result before the checkout is read;
 * the checkout form asked for a checkout and what a result does to it are
 * tests/integration/payments-gateway-rules.test.ts.
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleIyzicoReturn, iyzicoAuthorization, iyzicoBase, iyzicoKeys, iyzicoProvider } from '@/server/payments/iyzico';
import { startFakePayments } from '../fakes/payments.mjs';

const KEYS = { IYZICO_API_KEY: 'sandbox-rules-api', IYZICO_SECRET_KEY: 'sandbox-rules-secret' };
const SIGNATURE_REFUSED = 'The signature of this notification is not valid, so it was ignored.';
const refused = expect.objectContaining({ code: 'BAD_REQUEST', message: SIGNATURE_REFUSED });
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const TOKEN = 'token-rules-0001';

let fake: Awaited<ReturnType<typeof startFakePayments>>;
beforeAll(async () => {
  fake = await startFakePayments({
    iyzico: { apiKey: KEYS.IYZICO_API_KEY, secretKey: KEYS.IYZICO_SECRET_KEY },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, KEYS, { IYZICO_API_BASE: `${fake.iyzicoBase}/` });
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

describe('keys, base and signature', () => {
  it('reads each key trimmed, and an empty or blank key as none', () => {
    expect(iyzicoKeys({ IYZICO_API_KEY: ' a ', IYZICO_SECRET_KEY: ' s ' })).toEqual({ apiKey: 'a', secretKey: 's' });
    expect(iyzicoKeys({ IYZICO_API_KEY: ' ', IYZICO_SECRET_KEY: '' })).toEqual({ apiKey: null, secretKey: null });
    expect(iyzicoKeys({})).toEqual({ apiKey: null, secretKey: null });
    expect(iyzicoProvider.configured({})).toBe(false);
  });

  it('is offered with the API key and the secret key', () => {
    expect(iyzicoProvider.configured({ IYZICO_API_KEY: 'a', IYZICO_SECRET_KEY: 's' })).toBe(true);
    expect(iyzicoProvider.configured({ IYZICO_API_KEY: ' ', IYZICO_SECRET_KEY: 's' })).toBe(false);
    expect(iyzicoProvider.configured({ IYZICO_API_KEY: 'a', IYZICO_SECRET_KEY: '' })).toBe(false);
    expect(iyzicoProvider.configured()).toBe(true);
    expect([iyzicoProvider.method, iyzicoProvider.gateway]).toEqual([6, 'iyzico']);
  });

  it("talks to iyzico's sandbox unless IYZICO_MODE is live, or to the base given without its last slash", () => {
    expect(iyzicoBase({})).toBe('https://sandbox-api.iyzipay.com');
    expect(iyzicoBase({ IYZICO_MODE: 'sandbox' })).toBe('https://sandbox-api.iyzipay.com');
    expect(iyzicoBase({ IYZICO_MODE: ' live ' })).toBe('https://api.iyzipay.com');
    expect(iyzicoBase({ IYZICO_MODE: 'live', IYZICO_API_BASE: ' ' })).toBe('https://api.iyzipay.com');
    expect(iyzicoBase({ IYZICO_API_BASE: ' http://fake.test/iyz/ ', IYZICO_MODE: 'live' })).toBe('http://fake.test/iyz');
    expect(iyzicoBase({ IYZICO_API_BASE: 'http://fake.test/iyz' })).toBe('http://fake.test/iyz');
    expect(iyzicoBase()).toBe(fake.iyzicoBase);
  });

  it('signs IYZWSv2: HMAC-SHA256 of random key, path and body, sent base64 with the API key', () => {
    const signature = hmac('sec', 'rnd1/path{"a":1}');
    expect(iyzicoAuthorization('api', 'sec', 'rnd1', '/path', '{"a":1}')).toBe(
      `IYZWSv2 ${Buffer.from(`apiKey:api&randomKey:rnd1&signature:${signature}`).toString('base64')}`,
    );
  });

  it('signs each request with a fresh random key iyzico reads from x-iyzi-rnd, and asks for the result of the token', async () => {
    // The fake checks the signature as iyzico does; a form it does not know is a failure, which we refuse.
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(refused);
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(refused);
    const [a, b] = fake.requests.filter((r) => r.path === '/iyzico/payment/iyzipos/checkoutform/auth/ecom/detail').slice(-2);
    for (const sent of [a!, b!]) {
      const rnd = String(sent.headers['x-iyzi-rnd']);
      expect(rnd).toMatch(/^\d{13}[0-9a-f]{12}$/);
      expect(sent.method).toBe('POST');
      expect(sent.headers.authorization).toBe(
        iyzicoAuthorization(KEYS.IYZICO_API_KEY, KEYS.IYZICO_SECRET_KEY, rnd, '/payment/iyzipos/checkoutform/auth/ecom/detail', sent.body),
      );
      expect(sent.headers['content-type']).toBe('application/json');
      expect(sent.headers.accept).toBe('application/json');
      expect(JSON.parse(sent.body)).toEqual({ locale: 'en', conversationId: TOKEN, token: TOKEN });
    }
    expect(a!.headers['x-iyzi-rnd']).not.toBe(b!.headers['x-iyzi-rnd']);
  });

  it('without a key, iyzico is not available (503), in words', async () => {
    const unavailable = expect.objectContaining({ code: 'UNAVAILABLE', message: 'Iyzico is not available right now.' });
    for (const name of ['IYZICO_API_KEY', 'IYZICO_SECRET_KEY'] as const) {
      process.env[name] = '';
      try {
        await expect(handleIyzicoReturn(TOKEN), name).rejects.toThrow(unavailable);
      } finally {
        process.env[name] = KEYS[name];
      }
    }
  });

  it('says by name when iyzico refuses, does not answer, or answers something unreadable (503)', async () => {
    const failing = (message: string) => expect.objectContaining({ code: 'UNAVAILABLE', message });
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('busy', { status: 500 }));
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(failing('Iyzico refused the request. Please try again in a moment.'));
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(failing('Iyzico did not answer. Please try again in a moment.'));
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>'));
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(failing('Iyzico answered something we could not read.'));
  });
});

describe('the return, before the checkout is read', () => {
  it('has nothing to read without a token', async () => {
    expect(await handleIyzicoReturn(null)).toBeNull();
    expect(await handleIyzicoReturn('')).toBeNull();
  });

  it('refuses a token that is not one of iyzico (400), without asking iyzico', async () => {
    const before = fake.requests.length;
    for (const token of ['short', 'x'.repeat(101), 'token with space', 'token/../x', 'token?x=1', '<script>'])
      await expect(handleIyzicoReturn(token), token).rejects.toThrow(refused);
    expect(fake.requests.length).toBe(before);
    // 8 and 100 characters are tokens.
    for (const token of ['abcd-_12', 'y'.repeat(100)]) await expect(handleIyzicoReturn(token)).rejects.toThrow(refused);
    expect(fake.requests.length).toBe(before + 2);
  });

  /** A success result of iyzico for `token`, signed over `fields` (the signed fields by default). */
  function result(over: Record<string, unknown> = {}, signWith = KEYS.IYZICO_SECRET_KEY) {
    const r: Record<string, unknown> = {
      status: 'success',
      paymentStatus: 'SUCCESS',
      paymentId: '20000001',
      currency: 'TRY',
      basketId: 'VM-NOT-IN-DB',
      conversationId: TOKEN,
      paidPrice: 17.34,
      price: 17.34,
      token: TOKEN,
      fraudStatus: 1,
      ...over,
    };
    const signed = ['paymentStatus', 'paymentId', 'currency', 'basketId', 'conversationId', 'paidPrice', 'price', 'token']
      .map((k) => (r[k] === undefined ? '' : String(r[k])))
      .join(':');
    return { ...r, signature: hmac(signWith, signed), ...('signature' in over ? { signature: over.signature } : {}) };
  }
  const answers = (answer: unknown) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(answer)));

  it('refuses a result iyzico did not sign, signed with another key, or tampered after signing', async () => {
    answers(result({ signature: undefined }));
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(refused);
    answers(result({}, 'another-secret'));
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(refused);
    for (const field of ['paymentStatus', 'paymentId', 'currency', 'basketId', 'conversationId', 'paidPrice', 'price', 'token']) {
      const good = result();
      answers({ ...good, [field]: field === 'paidPrice' || field === 'price' ? 1 : 'changed' });
      await expect(handleIyzicoReturn(TOKEN), field).rejects.toThrow(refused);
    }
  });

  it("refuses a correctly signed result of another form's token", async () => {
    answers(result({ token: 'token-rules-0002' }));
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(refused);
  });

  it('refuses a result whose status is not success, however it is signed', async () => {
    answers(result({ status: 'failure' }));
    await expect(handleIyzicoReturn(TOKEN)).rejects.toThrow(refused);
  });

  it('checks the signature over empty text for the fields iyzico left out', async () => {
    const fetch = answers(result({ paymentId: undefined, price: undefined }));
    // Signed right, it passes every check here and goes on to the checkout (no database in this file).
    await expect(handleIyzicoReturn(TOKEN)).rejects.not.toMatchObject({ message: SIGNATURE_REFUSED });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
