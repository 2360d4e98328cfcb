// Where the shopper goes when a redirect gateway sends them back (payments/returns.ts, issue 38's mutation
// run), driven directly with each gateway's answer stood in: what each gateway is asked (PayPal's token,
// iyzico's token, Flutterwave's whole query, Authorize.Net our own stored reference, never the request's),
// and the page the shopper is sent to for paid, not paid and "came back without paying".
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { paymentReturn as returnPage } from '@/server/payments/returns';
import type { SettleResult } from '@/server/payments/settle';
import { log } from '@/server/core/logger.mjs';
import { makeShopper, placeCheckout, storeReference } from './payment-fixtures';

const answers = {
  paypal: vi.fn(),
  flutterwave: vi.fn(),
  iyzico: vi.fn(),
  authorizeNet: vi.fn(),
};
// Handed in, not module mocks: integration files share a worker (isolate: false), so returns.ts may already be
// loaded with the real gateways by an earlier file.
const paymentReturn = (gateway: string, orderId: number, query: URLSearchParams) => returnPage(gateway, orderId, query, answers);

useTestDatabase();

const paid = (orderIds: number[]): SettleResult => ({ changed: true, orderIds, paid: true });
const unpaid = (orderIds: number[]): SettleResult => ({ changed: false, orderIds, paid: false });
const q = (s: string) => new URLSearchParams(s);

let userId: number;
beforeAll(async () => {
  userId = (await makeShopper()).id;
});
beforeEach(() => {
  for (const f of Object.values(answers)) f.mockReset();
});

async function refusal(p: Promise<unknown>) {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; httpStatus?: number; message?: string } | null;
  expect(err).not.toBeNull();
  return { code: err!.code, status: err!.httpStatus, message: err!.message };
}

describe('the page a shopper comes back to', () => {
  it('sends a paid checkout to the success page of its first order', async () => {
    answers.paypal.mockResolvedValue(paid([41, 42]));
    expect(await paymentReturn('paypal', 42, q('token=PP-1&PayerID=X'))).toBe('/user/order/success/41');
    expect(answers.paypal).toHaveBeenCalledWith('PP-1');
  });

  it('sends a checkout not paid back to its pay page, saying the payment failed', async () => {
    answers.iyzico.mockResolvedValue(unpaid([17, 18]));
    expect(await paymentReturn('iyzico', 18, q('token=IY-1'))).toBe('/user/order/pay/17?failed=1');
    expect(answers.iyzico).toHaveBeenCalledWith('IY-1');
  });

  it('falls back to the order in the URL when the answer names no order', async () => {
    answers.flutterwave.mockResolvedValueOnce(paid([])).mockResolvedValueOnce(unpaid([]));
    expect(await paymentReturn('flutterwave', 9, q('status=successful&tx_ref=VM-1'))).toBe('/user/order/success/9');
    expect(await paymentReturn('flutterwave', 9, q('status=failed'))).toBe('/user/order/pay/9?failed=1');
    expect(answers.flutterwave.mock.calls[0]![0].get('tx_ref')).toBe('VM-1');
    // Flutterwave is asked with its whole query and nothing of ours (its answer names the order, or none).
    expect(answers.flutterwave.mock.calls[0]).toHaveLength(1);
  });

  it('sends a shopper who came back without paying to the pay page as cancelled, changing nothing', async () => {
    answers.flutterwave.mockResolvedValue(null);
    const info = vi.spyOn(log, 'info');
    expect(await paymentReturn('flutterwave', 5, q('status=cancelled'))).toBe('/user/order/pay/5?cancelled=1');
    // What the operator reads in the log.
    expect(info).toHaveBeenCalledWith(
      { gateway: 'flutterwave', orderId: 5, state: 'cancelled' },
      'payments: the shopper came back without paying; nothing changed',
    );
    info.mockRestore();
    // PayPal's cancel has no token: PayPal is not even asked.
    expect(await paymentReturn('paypal', 5, q(''))).toBe('/user/order/pay/5?cancelled=1');
    expect(answers.paypal).not.toHaveBeenCalled();
    // iyzico without a token is asked with none.
    answers.iyzico.mockResolvedValue(null);
    expect(await paymentReturn('iyzico', 5, q(''))).toBe('/user/order/pay/5?cancelled=1');
    expect(answers.iyzico).toHaveBeenCalledWith(null);
  });
});

describe('the live gateways (nothing handed in)', () => {
  it('send a shopper back without paying to the pay page, no gateway reached: no token, a cancelled status, no reference', async () => {
    expect(await returnPage('paypal', 5, q(''))).toBe('/user/order/pay/5?cancelled=1');
    expect(await returnPage('iyzico', 6, q(''))).toBe('/user/order/pay/6?cancelled=1');
    expect(await returnPage('flutterwave', 7, q('status=cancelled&tx_ref=VM-7'))).toBe('/user/order/pay/7?cancelled=1');
    expect(await returnPage('authorize-net', 987654, q(''))).toBe('/user/order/pay/987654?cancelled=1');
    expect(await refusal(returnPage('constructor', 5, q('token=x')))).toEqual({
      code: 'NOT_FOUND',
      status: 404,
      message: 'This payment could not be found.',
    });
  });
});

describe('Authorize.Net: our own reference, never the request', () => {
  it('asks with the reference stored for this order at Authorize.Net', async () => {
    const c = await placeCheckout({ userId, totals: [2500, 500], method: 7, gateway: 'authorize-net' });
    await storeReference(c.paymentId, 'ANET-INVOICE-1');
    answers.authorizeNet.mockResolvedValue(paid(c.orderIds));
    expect(await paymentReturn('authorize-net', c.orderIds[1]!, q('x_invoice=FORGED'))).toBe(`/user/order/success/${c.orderIds[0]}`);
    expect(answers.authorizeNet).toHaveBeenCalledWith('ANET-INVOICE-1');
  });

  it('asks with nothing for an order paid through another gateway, or one unknown', async () => {
    const c = await placeCheckout({ userId, totals: [2500], method: 3, gateway: 'stripe' });
    await storeReference(c.paymentId, 'pi_other_gateway');
    answers.authorizeNet.mockResolvedValue(null);
    expect(await paymentReturn('authorize-net', c.orderId, q(''))).toBe(`/user/order/pay/${c.orderId}?cancelled=1`);
    expect(await paymentReturn('authorize-net', 987654, q(''))).toBe('/user/order/pay/987654?cancelled=1');
    expect(answers.authorizeNet.mock.calls).toEqual([[null], [null]]);
  });
});

describe('refused: 404, and no gateway asked', () => {
  it('for a gateway that sends nobody back (or none at all)', async () => {
    for (const gateway of ['stripe', 'razorpay', 'constructor', 'toString', '__proto__', ''])
      expect(await refusal(paymentReturn(gateway, 5, q('token=x'))), gateway).toEqual({
        code: 'NOT_FOUND',
        status: 404,
        message: 'This payment could not be found.',
      });
  });

  it('for an order number that is not a positive whole number', async () => {
    for (const id of [0, -3, 1.5, Number.NaN, 2 ** 53])
      expect((await refusal(paymentReturn('paypal', id, q('token=PP-9')))).status, String(id)).toBe(404);
    expect(answers.paypal).not.toHaveBeenCalled();
    answers.paypal.mockResolvedValue(paid([1]));
    expect(await paymentReturn('paypal', 1, q('token=PP-9'))).toBe('/user/order/success/1');
  });
});
