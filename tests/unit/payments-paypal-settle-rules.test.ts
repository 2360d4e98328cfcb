/**
 * What PayPal's return and webhook hand on to the checkout (payments/paypal.ts, issue 38, run W): the module called
 * directly against the fake gateway (tests/fakes/payments.mjs) in this process, with the checkout's two entry points
 * stood in (`vi.mock`): `refusalFor` (may this checkout still take money?) and `settlePayment` (what was paid). Each
 * test reads exactly what PayPal was asked and exactly what settle was told — reference, order number, the capture a
 * refund will name, the amount in cents, the currency, paid or failed, the event id. What settle then does to the
 * checkout (rows, orders paid, 422 for another amount) is tests/integration/payments-gateway-rules.test.ts; this file
 * needs no database, so it is the cheap driver of paypal.ts's mutation run.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const settled = { changed: true, orderIds: [71, 72], paid: true };
vi.mock('@/server/payments/settle', () => ({ settlePayment: vi.fn(async () => settled) }));
vi.mock('@/server/payments/payable', () => ({ refusalFor: vi.fn(async () => null) }));

import type { settlePayment } from '@/server/payments/settle';
import type { refusalFor } from '@/server/payments/payable';
import { startFakePayments } from '../fakes/payments.mjs';

// The unit project's files share a worker (isolate: false): paypal.ts may already be loaded with the real settle by
// an earlier file, so this file loads it afresh, with the stand-ins, and leaves a fresh registry to the next file.
let paypal: typeof import('@/server/payments/paypal');
let log: typeof import('@/server/core/logger.mjs').log;
let settle: ReturnType<typeof vi.mocked<typeof settlePayment>>;
let refusal: ReturnType<typeof vi.mocked<typeof refusalFor>>;
const handlePaypalReturn = (id: string) => paypal.handlePaypalReturn(id);
const handlePaypalWebhook = (body: string, headers: Headers) => paypal.handlePaypalWebhook(body, headers);

const KEYS = {
  PAYPAL_CLIENT_ID: 'paypal-client-settle',
  PAYPAL_CLIENT_SECRET: 'paypal-secret-settle',
  PAYPAL_WEBHOOK_ID: 'WH-SETTLE-FAKE',
};

let fake: Awaited<ReturnType<typeof startFakePayments>>;
beforeAll(async () => {
  vi.resetModules();
  paypal = await import('@/server/payments/paypal');
  log = (await import('@/server/core/logger.mjs')).log;
  settle = vi.mocked((await import('@/server/payments/settle')).settlePayment);
  refusal = vi.mocked((await import('@/server/payments/payable')).refusalFor);
  fake = await startFakePayments({
    paypal: { clientId: KEYS.PAYPAL_CLIENT_ID, clientSecret: KEYS.PAYPAL_CLIENT_SECRET, webhookId: KEYS.PAYPAL_WEBHOOK_ID },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, KEYS, { PAYPAL_API_BASE: fake.paypalBase });
});
afterAll(async () => {
  await fake.close();
  vi.resetModules();
});
beforeEach(() => {
  settle.mockClear();
  refusal.mockClear();
  refusal.mockResolvedValue(null);
});
afterEach(() => vi.restoreAllMocks());

/** A PayPal order made at the fake for checkout VM-2026-000777 ($17.34 unless said otherwise). */
async function paypalOrder(amount = 1734, currency = 'usd') {
  const start = await paypal.paypalProvider.start({
    orderNo: 'VM-2026-000777',
    orderId: 777,
    amount,
    currency,
    email: 'sam@example.com',
    description: 'Voltmart order VM-2026-000777',
    returnUrl: 'http://127.0.0.1:4321/user/order/success/777',
    cancelUrl: 'http://127.0.0.1:4321/user/order/fail/777',
  });
  if (start.kind !== 'redirect') throw new Error('PayPal starts on its own page');
  return start.reference;
}
/** The shopper approves on PayPal's page (`_capture`: what the capture will be; `_decline`: the card is refused). */
const approve = (id: string, extra: Record<string, unknown> = {}) => Object.assign(fake.paypalOrder(id), { status: 'APPROVED' }, extra);
/** What the return asked of PayPal for this order: [method, path after the order id, request id]. */
const asked = (id: string) =>
  fake.requests
    .filter((r) => r.path.startsWith(`/paypal/v2/checkout/orders/${id}`))
    .map((r) => [r.method, r.path.slice(`/paypal/v2/checkout/orders/${id}`.length), r.headers['paypal-request-id'] ?? null]);
/** PayPal's order read by hand as PayPal answers it, for a test that rewrites the answer. */
function answerOrder(order: Record<string, unknown>) {
  const real = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
    String(input).includes('/v2/checkout/orders/') ? new Response(JSON.stringify(order)) : real(input, init),
  );
}

describe('the return: capture once, then tell settle what PayPal captured', () => {
  it('an approved order of a checkout that can take it is captured once and settled paid for the capture', async () => {
    const id = await paypalOrder();
    approve(id);
    expect(await handlePaypalReturn(id)).toBe(settled);
    expect(refusal.mock.calls).toEqual([['paypal', { reference: id, orderNo: 'VM-2026-000777' }]]);
    expect(asked(id)).toEqual([
      ['GET', '', null],
      ['POST', '/capture', `capture-${id}`],
    ]);
    const capture = requestBody(id, '/capture');
    expect(capture).toBe('{}');
    const captureId = fake.paypalOrder(id).purchase_units[0].payments.captures[0].id;
    expect(settle.mock.calls).toEqual([
      [
        {
          gateway: 'paypal',
          reference: id,
          orderNo: 'VM-2026-000777',
          chargeRef: captureId,
          amount: 1734,
          currency: 'USD',
          outcome: 'paid',
        },
      ],
    ]);
  });

  it('settles for what the capture says, not what the order asked, and in yen without decimals', async () => {
    const id = await paypalOrder(500, 'jpy');
    approve(id);
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const res = await real(input, init);
      if (!String(input).endsWith('/capture')) return res;
      const order = await res.json();
      order.purchase_units[0].payments.captures[0].amount = { currency_code: 'JPY', value: '499' };
      return new Response(JSON.stringify(order), { status: 201 });
    });
    await handlePaypalReturn(id);
    expect(settle.mock.calls[0]![0]).toMatchObject({ amount: 499, currency: 'JPY', outcome: 'paid' });
  });

  it('a checkout that cannot take the money is never captured; the operator reads why, and the shopper whether it is paid', async () => {
    const warn = vi.spyOn(log, 'warn');
    for (const [state, paid] of [
      ['cancelled', false],
      ['refunded', false],
      ['paid', true],
    ] as const) {
      const id = await paypalOrder();
      approve(id);
      refusal.mockResolvedValueOnce({ refusal: state, orderIds: [71, 72] });
      expect(await handlePaypalReturn(id), state).toEqual({ changed: false, orderIds: [71, 72], paid });
      expect(warn).toHaveBeenLastCalledWith(
        { gateway: 'paypal', reference: id, orderNo: 'VM-2026-000777', state },
        'payments: not capturing a payment for an order that cannot take it',
      );
      expect(asked(id), state).toEqual([['GET', '', null]]);
    }
    expect(settle).not.toHaveBeenCalled();
  });

  it('a checkout found with nothing refused is captured (and so is one settle does not know)', async () => {
    const id = await paypalOrder();
    approve(id);
    refusal.mockResolvedValueOnce({ refusal: null, orderIds: [71, 72] });
    expect(await handlePaypalReturn(id)).toBe(settled);
    expect(asked(id).map((a) => a[1])).toEqual(['', '/capture']);
    expect(settle.mock.calls[0]![0]).toMatchObject({ outcome: 'paid' });
  });

  it('a declined card is read again and settled failed, for the amount the order asked', async () => {
    const id = await paypalOrder();
    approve(id, { _decline: true });
    await handlePaypalReturn(id);
    expect(asked(id)).toEqual([
      ['GET', '', null],
      ['POST', '/capture', `capture-${id}`],
      ['GET', '', null],
    ]);
    expect(settle.mock.calls).toEqual([
      [
        {
          gateway: 'paypal',
          reference: id,
          orderNo: 'VM-2026-000777',
          chargeRef: undefined,
          amount: 1734,
          currency: 'USD',
          outcome: 'failed',
        },
      ],
    ]);
  });

  it('a capture PENDING or DECLINED is failed, for the amount the order asked and not the capture', async () => {
    for (const status of ['PENDING', 'DECLINED']) {
      settle.mockClear();
      const id = await paypalOrder();
      approve(id, { _capture: status });
      const real = globalThis.fetch;
      const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const res = await real(input, init);
        if (!String(input).endsWith('/capture')) return res;
        const order = await res.json();
        order.purchase_units[0].payments.captures[0].amount = { currency_code: 'USD', value: '1.00' };
        return new Response(JSON.stringify(order), { status: 201 });
      });
      await handlePaypalReturn(id);
      spy.mockRestore();
      expect(settle.mock.calls, status).toEqual([
        [
          {
            gateway: 'paypal',
            reference: id,
            orderNo: 'VM-2026-000777',
            chargeRef: undefined,
            amount: 1734,
            currency: 'USD',
            outcome: 'failed',
          },
        ],
      ]);
    }
  });

  it('an order not approved (or voided) is read, never captured, and settled failed', async () => {
    for (const status of ['PAYER_ACTION_REQUIRED', 'VOIDED', 'CREATED']) {
      settle.mockClear();
      const id = await paypalOrder();
      fake.paypalOrderStatus(id, status);
      await handlePaypalReturn(id);
      expect(asked(id), status).toEqual([['GET', '', null]]);
      expect(refusal).not.toHaveBeenCalled();
      expect(settle.mock.calls[0]![0], status).toMatchObject({ chargeRef: undefined, amount: 1734, currency: 'USD', outcome: 'failed' });
    }
  });

  it('a capture COMPLETED is paid only when the order is COMPLETED too', async () => {
    const capture = { id: 'CAP-ODD-1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '17.34' } };
    const unit = { custom_id: 'VM-2026-000777', amount: { currency_code: 'USD', value: '17.34' }, payments: { captures: [capture] } };
    answerOrder({ id: 'ORDER-ODD-1', status: 'VOIDED', purchase_units: [unit] });
    await handlePaypalReturn('ORDER-ODD-1');
    expect(settle.mock.calls[0]![0]).toMatchObject({ chargeRef: undefined, outcome: 'failed' });
    vi.restoreAllMocks();
    settle.mockClear();
    answerOrder({ id: 'ORDER-ODD-2', status: 'COMPLETED', purchase_units: [unit] });
    await handlePaypalReturn('ORDER-ODD-2');
    expect(settle.mock.calls[0]![0]).toMatchObject({ reference: 'ORDER-ODD-2', chargeRef: 'CAP-ODD-1', amount: 1734, outcome: 'paid' });
  });

  it('a COMPLETED order without a capture, without payments or without purchase units is failed, never a crash', async () => {
    const amount = { currency_code: 'USD', value: '17.34' };
    const cases: [string, unknown][] = [
      ['no captures', [{ custom_id: 'VM-2026-000777', amount, payments: { captures: [] } }]],
      ['no capture list', [{ custom_id: 'VM-2026-000777', amount, payments: {} }]],
      ['no payments', [{ custom_id: 'VM-2026-000777', amount }]],
      ['no unit', []],
      ['no units', undefined],
    ];
    for (const [name, units] of cases) {
      settle.mockClear();
      answerOrder({ id: 'ORDER-BARE-1', status: 'COMPLETED', ...(units === undefined ? {} : { purchase_units: units }) });
      await handlePaypalReturn('ORDER-BARE-1');
      const told = settle.mock.calls[0]![0];
      expect([told.outcome, told.chargeRef], name).toEqual(['failed', undefined]);
      if (name.startsWith('no unit')) {
        expect(told, name).toEqual({
          gateway: 'paypal',
          reference: 'ORDER-BARE-1',
          orderNo: undefined,
          chargeRef: undefined,
          amount: Number.NaN,
          currency: '',
          outcome: 'failed',
        });
      } else expect(told, name).toMatchObject({ orderNo: 'VM-2026-000777', amount: 1734, currency: 'USD' });
      vi.restoreAllMocks();
    }
  });

  it('without an order number from PayPal (custom_id empty or missing), settle looks by the PayPal order id alone', async () => {
    for (const custom of ['', undefined]) {
      settle.mockClear();
      refusal.mockClear();
      const id = await paypalOrder();
      approve(id);
      const unit = fake.paypalOrder(id).purchase_units[0];
      if (custom === undefined) delete unit.custom_id;
      else unit.custom_id = custom;
      await handlePaypalReturn(id);
      expect(refusal.mock.calls).toEqual([['paypal', { reference: id, orderNo: undefined }]]);
      expect(settle.mock.calls[0]![0]).toMatchObject({ reference: id, orderNo: undefined, outcome: 'paid' });
    }
  });

  it('an order without an amount is told as no amount at all (NaN, no currency), so settle cannot match it', async () => {
    const id = await paypalOrder();
    delete fake.paypalOrder(id).purchase_units[0].amount;
    await handlePaypalReturn(id);
    expect(settle.mock.calls[0]![0]).toMatchObject({ amount: Number.NaN, currency: '', outcome: 'failed' });
  });
});

describe('the webhook: a verified PAYMENT.CAPTURE.COMPLETED', () => {
  const signedEvent = async (type: string, resource?: Record<string, unknown>) => {
    await fake.paypalEvent(type, resource);
    const delivery = fake.deliveries.at(-1)!;
    return { body: delivery.body, headers: new Headers(delivery.headers) };
  };

  it("tells settle the capture's order, its order number, the capture, its amount and the event", async () => {
    const { body, headers } = await signedEvent('PAYMENT.CAPTURE.COMPLETED', {
      id: 'CAPHOOK-S1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '17.34' },
      custom_id: 'VM-2026-000777',
      supplementary_data: { related_ids: { order_id: 'ORDER-HOOK-1' } },
    });
    expect(await handlePaypalWebhook(body, headers)).toBe(settled);
    expect(settle.mock.calls).toEqual([
      [
        {
          gateway: 'paypal',
          reference: 'ORDER-HOOK-1',
          orderNo: 'VM-2026-000777',
          chargeRef: 'CAPHOOK-S1',
          amount: 1734,
          currency: 'USD',
          outcome: 'paid',
          eventId: JSON.parse(body).id,
        },
      ],
    ]);
  });

  it('without a custom_id, settle looks by the order id alone; yen are whole', async () => {
    const { body, headers } = await signedEvent('PAYMENT.CAPTURE.COMPLETED', {
      id: 'CAPHOOK-S2',
      status: 'COMPLETED',
      amount: { currency_code: 'JPY', value: '500' },
      custom_id: '',
      supplementary_data: { related_ids: { order_id: 'ORDER-HOOK-2' } },
    });
    await handlePaypalWebhook(body, headers);
    expect(settle.mock.calls[0]![0]).toMatchObject({ reference: 'ORDER-HOOK-2', orderNo: undefined, amount: 500, currency: 'JPY' });
  });

  it('an event without a resource, or without its related ids, is ignored, never a crash', async () => {
    const info = vi.spyOn(log, 'info');
    for (const [type, resource] of [
      ['PAYMENT.CAPTURE.COMPLETED', undefined],
      ['CHECKOUT.ORDER.APPROVED', undefined],
      ['PAYMENT.CAPTURE.COMPLETED', { id: 'CAP-NOREL', supplementary_data: {} }],
    ] as const) {
      const { body, headers } = await signedEvent(type, resource);
      expect(await handlePaypalWebhook(body, headers), type).toEqual({ changed: false, orderIds: [], paid: false, ignored: true });
      expect(info).toHaveBeenLastCalledWith(
        { gateway: 'paypal', eventId: JSON.parse(body).id, type },
        'payments: webhook event not handled; nothing changed',
      );
    }
    expect(settle).not.toHaveBeenCalled();
  });
});

function requestBody(id: string, tail: string) {
  return fake.requests.filter((r) => r.path === `/paypal/v2/checkout/orders/${id}${tail}`).at(-1)!.body;
}
