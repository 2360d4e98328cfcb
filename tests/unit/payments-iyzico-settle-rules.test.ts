/**
 * iyzico's checkout form as asked for a checkout, and what a verified result hands on to the checkout
 * (payments/iyzico.ts, issue 38, run W): the module called directly against the fake gateway (tests/fakes/payments.mjs)
 * in this process, with the checkout's orders read from a stand-in database (`getDb` answers the rows a test gives)
 * and `settlePayment` stood in (`vi.mock`). Each test reads exactly what iyzico was asked (buyer, addresses, basket)
 * and exactly what settle was told (token, basket id, amount in minor units, currency, paid or failed). The same
 * flows against a real database are tests/integration/payments-gateway-rules.test.ts; this file needs none, so it
 * is the cheap driver of iyzico.ts's mutation run.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type Row = { id: number; total: number; shipping: unknown; billing: unknown; userId: number | null };
const db = vi.hoisted(() => ({ rows: [] as Row[], asked: [] as string[] }));
const settled = { changed: true, orderIds: [81, 82], paid: true };
vi.mock('@/server/payments/settle', () => ({ settlePayment: vi.fn(async () => settled) }));
vi.mock('@/server/db/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/server/db/client')>()),
  getDb: () => ({
    select: (fields: Record<string, unknown>) => {
      db.asked.push(Object.keys(fields).join(','));
      return { from: () => ({ where: () => ({ orderBy: async () => db.rows }) }) };
    },
  }),
}));

import type { settlePayment } from '@/server/payments/settle';
import type { PaymentRequest } from '@/server/payments/provider';
import { startFakePayments } from '../fakes/payments.mjs';

// The unit project's files share a worker (isolate: false): iyzico.ts may already be loaded with the real settle and
// database by an earlier file, so this file loads it afresh, with the stand-ins, and leaves a fresh registry after it.
let iyzico: typeof import('@/server/payments/iyzico');
let log: typeof import('@/server/core/logger.mjs').log;
let settle: ReturnType<typeof vi.mocked<typeof settlePayment>>;
const handleIyzicoReturn = (token: string | null) => iyzico.handleIyzicoReturn(token);

const KEYS = { IYZICO_API_KEY: 'sandbox-settle-api', IYZICO_SECRET_KEY: 'sandbox-settle-secret' };

let fake: Awaited<ReturnType<typeof startFakePayments>>;
beforeAll(async () => {
  vi.resetModules();
  iyzico = await import('@/server/payments/iyzico');
  log = (await import('@/server/core/logger.mjs')).log;
  settle = vi.mocked((await import('@/server/payments/settle')).settlePayment);
  fake = await startFakePayments({
    iyzico: { apiKey: KEYS.IYZICO_API_KEY, secretKey: KEYS.IYZICO_SECRET_KEY },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, KEYS, { IYZICO_API_BASE: fake.iyzicoBase });
});
afterAll(async () => {
  await fake.close();
  vi.resetModules();
});
beforeEach(() => {
  settle.mockClear();
  db.rows = [];
  db.asked = [];
});
afterEach(() => vi.restoreAllMocks());

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: 'VM-2026-000888',
  orderId: 881,
  amount: 1734,
  currency: 'try',
  email: 'deniz.ak@example.com',
  description: 'Voltmart order VM-2026-000888',
  returnUrl: 'http://127.0.0.1:4321/user/order/success/881',
  cancelUrl: 'http://127.0.0.1:4321/user/order/fail/881',
  ...over,
});
const row = (over: Partial<Row> = {}): Row => ({ id: 881, total: 1234, shipping: null, billing: null, userId: 42, ...over });
const initialized = () =>
  JSON.parse(fake.requests.filter((r) => r.path === '/iyzico/payment/iyzipos/checkoutform/initialize/auth/ecom').at(-1)!.body);
async function started(over: Partial<PaymentRequest> = {}) {
  const start = await iyzico.iyzicoProvider.start(request(over));
  if (start.kind !== 'redirect') throw new Error('iyzico starts on its own page');
  return start;
}

const HOME = { name: 'Ayşe Nur Yılmaz', phone: '+905551112233', city: 'Istanbul', country: 'Turkey', address_1: 'Bağdat Cd. 1', zip: '34710' };
const SHOP = { name: 'Mehmet Kaya', city: 'Ankara', country: 'Turkey', address_1: 'Atatürk Blv. 5' };
const line = (id: string, price: string, name = 'Voltmart order VM-2026-000888') => ({
  id,
  name,
  category1: 'Electronics',
  itemType: 'PHYSICAL',
  price,
});

describe('the checkout form asked of iyzico', () => {
  it('sends the buyer, both addresses and one basket line per store order that add up to the whole', async () => {
    db.rows = [row({ id: 881, total: 1234, shipping: SHOP, billing: HOME }), row({ id: 882, total: 500, shipping: SHOP, billing: HOME })];
    const start = await started();
    expect(db.asked).toEqual(['id,total,shipping,billing,userId']);
    expect(start).toEqual({ kind: 'redirect', reference: start.reference, url: `${fake.origin}/iyzico/pay/${start.reference}` });
    expect(start.reference).toMatch(/^[0-9a-f]{36}$/);
    expect(initialized()).toEqual({
      locale: 'en',
      conversationId: 'VM-2026-000888',
      price: '17.34',
      paidPrice: '17.34',
      currency: 'TRY',
      basketId: 'VM-2026-000888',
      paymentGroup: 'PRODUCT',
      callbackUrl: 'http://127.0.0.1:4321/payment-return/iyzico/881',
      enabledInstallments: [1],
      buyer: {
        id: '42',
        name: 'Ayşe',
        surname: 'Nur Yılmaz',
        email: 'deniz.ak@example.com',
        identityNumber: '11111111111',
        registrationAddress: 'Bağdat Cd. 1',
        city: 'Istanbul',
        country: 'Turkey',
        gsmNumber: '+905551112233',
      },
      shippingAddress: { contactName: 'Mehmet Kaya', city: 'Ankara', country: 'Turkey', address: 'Atatürk Blv. 5' },
      billingAddress: { contactName: 'Ayşe Nur Yılmaz', city: 'Istanbul', country: 'Turkey', address: 'Bağdat Cd. 1', zipCode: '34710' },
      basketItems: [line('881', '12.34'), line('882', '5.00')],
    });
  });

  it('reads the first order for the buyer and the addresses', async () => {
    db.rows = [row({ id: 881, total: 1234, billing: HOME, userId: 42 }), row({ id: 882, total: 500, billing: SHOP, userId: 43 })];
    await started();
    const sent = initialized();
    expect([sent.buyer.id, sent.buyer.name, sent.billingAddress.contactName]).toEqual(['42', 'Ayşe', 'Ayşe Nur Yılmaz']);
  });

  it('uses the one address it has for both', async () => {
    db.rows = [row({ shipping: { name: 'Solo', city: 'Izmir' } })];
    await started();
    const onlyShipping = initialized();
    expect(onlyShipping.buyer).toEqual({
      id: '42',
      name: 'Solo',
      surname: 'Solo',
      email: 'deniz.ak@example.com',
      identityNumber: '11111111111',
      registrationAddress: 'N/A',
      city: 'Izmir',
      country: 'N/A',
    });
    expect(onlyShipping.billingAddress).toEqual({ contactName: 'Solo', city: 'Izmir', country: 'N/A', address: 'N/A' });
    expect(onlyShipping.shippingAddress).toEqual(onlyShipping.billingAddress);

    db.rows = [row({ billing: { name: 'Bora Can', city: 'Bursa', country: 'Turkey', address_1: 'Ulu Cd. 2', zip: '16000' } })];
    await started();
    const onlyBilling = initialized();
    expect(onlyBilling.shippingAddress).toEqual({
      contactName: 'Bora Can',
      city: 'Bursa',
      country: 'Turkey',
      address: 'Ulu Cd. 2',
      zipCode: '16000',
    });
    expect(onlyBilling.billingAddress).toEqual(onlyBilling.shippingAddress);
  });

  it("names an address without a name after the buyer, and the buyer after the email's local part when none is stored", async () => {
    db.rows = [row({ billing: { name: '  Ayşe   Nur  Yılmaz ', city: 'Istanbul' }, shipping: { city: 'Ankara' } })];
    await started();
    let sent = initialized();
    expect([sent.buyer.name, sent.buyer.surname]).toEqual(['Ayşe', 'Nur Yılmaz']);
    expect(sent.shippingAddress).toEqual({ contactName: 'Ayşe Nur Yılmaz', city: 'Ankara', country: 'N/A', address: 'N/A' });

    db.rows = [row({ billing: { city: 'Istanbul' }, shipping: { city: 'Ankara' } })];
    await started();
    sent = initialized();
    expect([sent.buyer.name, sent.buyer.surname]).toEqual(['deniz.ak', 'deniz.ak']);
    expect(sent.billingAddress.contactName).toBe('deniz.ak');
    expect(sent.shippingAddress.contactName).toBe('deniz.ak');

    db.rows = [row()];
    await started({ email: 'Kerem Ali Tan@example.com' });
    sent = initialized();
    expect([sent.buyer.name, sent.buyer.surname]).toEqual(['Kerem', 'Ali Tan']);
    expect(sent.billingAddress).toEqual({ contactName: 'Kerem Ali Tan', city: 'N/A', country: 'N/A', address: 'N/A' });
    expect(sent.shippingAddress).toEqual(sent.billingAddress);
    expect(sent.buyer).toEqual({
      id: '42',
      name: 'Kerem',
      surname: 'Ali Tan',
      email: 'Kerem Ali Tan@example.com',
      identityNumber: '11111111111',
      registrationAddress: 'N/A',
      city: 'N/A',
      country: 'N/A',
    });
  });

  it('a one-store checkout is one line of the whole amount asked; a description is cut to 100 characters', async () => {
    db.rows = [row({ id: 881, total: 1700 })];
    await started({ description: 'd'.repeat(150) });
    expect(initialized().basketItems).toEqual([line('881', '17.34', 'd'.repeat(100))]);
  });

  it('a request for a checkout with no orders (or a guest order) is one line of the whole, named by the request', async () => {
    await started({ orderNo: 'VM-NO-SUCH-ORDER', orderId: 4242, amount: 999 });
    let sent = initialized();
    expect(sent.basketItems).toEqual([line('4242', '9.99')]);
    expect(sent.buyer.id).toBe('4242');
    db.rows = [row({ userId: null })];
    await started();
    sent = initialized();
    expect(sent.buyer.id).toBe('881');
  });

  it('a form iyzico refuses gives the shopper "no page to pay on", and the operator its reason', async () => {
    const error = vi.spyOn(log, 'error');
    const unavailable = expect.objectContaining({ code: 'UNAVAILABLE', message: 'Iyzico did not answer with a page to pay on.' });
    // iyzico refuses a basket whose lines do not add up (here: an amount that is not the orders' sum).
    db.rows = [row({ id: 881, total: 1234 }), row({ id: 882, total: 500 })];
    await expect(started({ amount: 1 })).rejects.toThrow(unavailable);
    expect(error).toHaveBeenCalledWith({ reason: 'basketItems price sum must equal price' }, 'payments: iyzico refused the checkout form');
    for (const answer of [
      { status: 'failure' },
      { status: 'success', paymentPageUrl: 'https://iyzico.test/pay' },
      { status: 'success', token: 'tok-00000001' },
      { status: 'success', token: '', paymentPageUrl: 'https://iyzico.test/pay' },
      { status: 'success', token: 'tok-00000001', paymentPageUrl: '' },
      { status: 'failed', token: 'tok-00000001', paymentPageUrl: 'https://iyzico.test/pay' },
    ]) {
      vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(JSON.stringify(answer)));
      await expect(started(), JSON.stringify(answer)).rejects.toThrow(unavailable);
      expect(error).toHaveBeenLastCalledWith({ reason: answer.status }, 'payments: iyzico refused the checkout form');
    }
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ status: 'success', token: 'tok-00000002', paymentPageUrl: 'https://iyzico.test/pay/2' })),
    );
    expect(await started()).toEqual({ kind: 'redirect', reference: 'tok-00000002', url: 'https://iyzico.test/pay/2' });
  });
});

describe('what a verified result tells the checkout', () => {
  /** A form started for this checkout and completed at the fake; answers its token. */
  async function completed(outcome: string, extra: Record<string, unknown> = {}, over: Partial<PaymentRequest> = {}) {
    db.rows = [row({ id: 881, total: 1234 }), row({ id: 882, total: 500 })];
    const start = await started(over);
    fake.iyzicoComplete(start.reference, outcome, extra);
    return start.reference;
  }
  const told = (token: string, outcome: 'paid' | 'failed', amount = 1734, currency = 'TRY') => [
    [{ gateway: 'iyzico', reference: token, orderNo: 'VM-2026-000888', amount, currency, outcome }],
  ];

  it('a SUCCESS accepted by the fraud check (1, or "1" as text) is paid for the paid price, by the basket id', async () => {
    for (const fraudStatus of [1, '1']) {
      settle.mockClear();
      const token = await completed('SUCCESS', { fraudStatus });
      expect(await handleIyzicoReturn(token)).toBe(settled);
      expect(settle.mock.calls, String(fraudStatus)).toEqual(told(token, 'paid'));
    }
  });

  it('a FAILURE, a 3-D Secure step, or a payment held or refused by the fraud check is failed', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['FAILURE', { fraudStatus: 1 }],
      ['INIT_THREEDS', { fraudStatus: 1 }],
      ['CALLBACK_THREEDS', {}],
      ['SUCCESS', { fraudStatus: 0 }],
      ['SUCCESS', { fraudStatus: -1 }],
      ['SUCCESS', { fraudStatus: '0' }],
      ['SUCCESS', { fraudStatus: 2 }],
    ];
    for (const [status, extra] of cases) {
      settle.mockClear();
      const token = await completed(status, extra);
      await handleIyzicoReturn(token);
      expect(settle.mock.calls, `${status} ${JSON.stringify(extra)}`).toEqual(told(token, 'failed'));
    }
  });

  it('reads the paid price (not the price), and yen without decimals', async () => {
    const token = await completed('SUCCESS');
    const form = fake.iyzicoForm(token);
    form.paidPrice = '18.10';
    await handleIyzicoReturn(token);
    expect(settle.mock.calls).toEqual(told(token, 'paid', 1810));

    settle.mockClear();
    db.rows = [row({ id: 881, total: 500 })];
    const yen = await started({ currency: 'jpy', amount: 500 });
    fake.iyzicoComplete(yen.reference, 'SUCCESS');
    await handleIyzicoReturn(yen.reference);
    expect(settle.mock.calls).toEqual(told(yen.reference, 'paid', 500, 'JPY'));
  });

  it('a result without a currency or a paid price is told as such (no currency, no amount), so settle cannot match it', async () => {
    const token = await completed('SUCCESS');
    delete fake.iyzicoForm(token).currency;
    await handleIyzicoReturn(token);
    expect(settle.mock.calls).toEqual(told(token, 'paid', 1734, ''));

    settle.mockClear();
    const token2 = await completed('SUCCESS');
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const res = await real(input, init);
      const answer = await res.json();
      delete answer.paidPrice;
      const signed = [answer.paymentStatus, answer.paymentId, answer.currency, answer.basketId, answer.conversationId, '', answer.price, answer.token];
      const { createHmac } = await import('node:crypto');
      answer.signature = createHmac('sha256', KEYS.IYZICO_SECRET_KEY).update(signed.join(':')).digest('hex');
      return new Response(JSON.stringify(answer));
    });
    await handleIyzicoReturn(token2);
    expect(settle.mock.calls).toEqual(told(token2, 'paid', Number.NaN));
  });
});
