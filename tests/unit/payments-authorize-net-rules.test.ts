/**
 * Authorize.Net's module (payments/authorize-net.ts) called directly, against the fake gateway
 * (tests/fakes/payments.mjs) in this process and without a database: the cheap driver of its mutation run
 * (docs/mutation-testing.md, run U). Keys, endpoints, the Accept Hosted page asked for, and every refusal made
 * before a transaction reaches the checkout; what a transaction does to the checkout is
 * tests/integration/payments-gateway-rules.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  authorizeNetKeys,
  authorizeNetProvider,
  authorizeNetUrls,
  handleAuthorizeNetDone,
  handleAuthorizeNetReturn,
} from '@/server/payments/authorize-net';
import { log } from '@/server/core/logger.mjs';
import { startFakePayments } from '../fakes/payments.mjs';
import type { PaymentRequest } from '@/server/payments/provider';

const KEYS = { AUTHORIZE_NET_API_LOGIN_ID: 'rules-anet-login', AUTHORIZE_NET_TRANSACTION_KEY: 'rules-anet-key' };
const SIGNATURE_REFUSED = 'The signature of this notification is not valid, so it was ignored.';
const refused = expect.objectContaining({ code: 'BAD_REQUEST', message: SIGNATURE_REFUSED });

let fake: Awaited<ReturnType<typeof startFakePayments>>;
beforeAll(async () => {
  fake = await startFakePayments({
    authorizeNet: { loginId: KEYS.AUTHORIZE_NET_API_LOGIN_ID, transactionKey: KEYS.AUTHORIZE_NET_TRANSACTION_KEY },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, KEYS, { AUTHORIZE_NET_API_BASE: `${fake.authorizeNetBase}/` });
  delete process.env.AUTHORIZE_NET_CURRENCY;
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: 'VM-2026-000444',
  orderId: 444,
  amount: 1734,
  currency: 'usd',
  email: 'al@example.com',
  description: 'Voltmart order VM-2026-000444',
  returnUrl: 'http://127.0.0.1:4321/user/order/success/444',
  cancelUrl: 'http://127.0.0.1:4321/user/order/fail/444',
  ...over,
});
const apiCalls = () => fake.requests.filter((r) => r.path === '/authorize-net/xml/v1/request.api').map((r) => JSON.parse(r.body));

async function started(over: Partial<PaymentRequest> = {}) {
  const start = await authorizeNetProvider.start(request(over));
  if (start.kind !== 'client') throw new Error('Accept Hosted is opened from the pay page');
  return start;
}

describe('keys and endpoints', () => {
  it('reads each key trimmed (an empty one as none), and the account currency upper case, USD by default', () => {
    expect(
      authorizeNetKeys({ AUTHORIZE_NET_API_LOGIN_ID: ' l ', AUTHORIZE_NET_TRANSACTION_KEY: ' k ', AUTHORIZE_NET_CURRENCY: ' cad ' }),
    ).toEqual({
      loginId: 'l',
      transactionKey: 'k',
      currency: 'CAD',
    });
    expect(authorizeNetKeys({ AUTHORIZE_NET_API_LOGIN_ID: ' ', AUTHORIZE_NET_TRANSACTION_KEY: '', AUTHORIZE_NET_CURRENCY: ' ' })).toEqual({
      loginId: null,
      transactionKey: null,
      currency: 'USD',
    });
    expect(authorizeNetKeys({}).currency).toBe('USD');
  });

  it('is offered with the login id and the transaction key', () => {
    const both = { AUTHORIZE_NET_API_LOGIN_ID: 'l', AUTHORIZE_NET_TRANSACTION_KEY: 'k' };
    expect(authorizeNetProvider.configured(both)).toBe(true);
    expect(authorizeNetProvider.configured({ ...both, AUTHORIZE_NET_API_LOGIN_ID: ' ' })).toBe(false);
    expect(authorizeNetProvider.configured({ ...both, AUTHORIZE_NET_TRANSACTION_KEY: '' })).toBe(false);
    expect(authorizeNetProvider.configured()).toBe(true);
    expect([authorizeNetProvider.method, authorizeNetProvider.gateway]).toEqual([8, 'authorize-net']);
  });

  it("talks to Authorize.Net's sandbox unless AUTHORIZE_NET_MODE is live, or to the base given", () => {
    const sandbox = { api: 'https://apitest.authorize.net/xml/v1/request.api', form: 'https://test.authorize.net/payment/payment' };
    expect(authorizeNetUrls({})).toEqual(sandbox);
    expect(authorizeNetUrls({ AUTHORIZE_NET_MODE: 'sandbox' })).toEqual(sandbox);
    expect(authorizeNetUrls({ AUTHORIZE_NET_MODE: ' live ' })).toEqual({
      api: 'https://api.authorize.net/xml/v1/request.api',
      form: 'https://accept.authorize.net/payment/payment',
    });
    expect(authorizeNetUrls({ AUTHORIZE_NET_MODE: 'live', AUTHORIZE_NET_API_BASE: ' ' }).api).toBe(
      'https://api.authorize.net/xml/v1/request.api',
    );
    expect(authorizeNetUrls({ AUTHORIZE_NET_API_BASE: ' http://fake.test/anet/ ', AUTHORIZE_NET_MODE: 'live' })).toEqual({
      api: 'http://fake.test/anet/xml/v1/request.api',
      form: 'http://fake.test/anet/payment/payment',
    });
    expect(authorizeNetUrls({ AUTHORIZE_NET_API_BASE: 'http://fake.test/anet' }).form).toBe('http://fake.test/anet/payment/payment');
  });

  it('without the login id or the transaction key, card payments are not available (503), in words', async () => {
    const unavailable = expect.objectContaining({ code: 'UNAVAILABLE', message: 'Card payments are not available right now.' });
    for (const name of ['AUTHORIZE_NET_API_LOGIN_ID', 'AUTHORIZE_NET_TRANSACTION_KEY'] as const) {
      process.env[name] = ' ';
      try {
        await expect(authorizeNetProvider.start(request()), name).rejects.toThrow(unavailable);
        await expect(handleAuthorizeNetReturn('V123'), name).rejects.toThrow(unavailable);
      } finally {
        process.env[name] = KEYS[name];
      }
    }
  });
});

describe('start', () => {
  it('asks for an Accept Hosted page for the whole checkout, with our invoice number and return pages', async () => {
    const start = await started();
    const sent = fake.requests.filter((r) => r.path === '/authorize-net/xml/v1/request.api').at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/json');
    const call = JSON.parse(sent.body);
    expect(Object.keys(call)).toEqual(['getHostedPaymentPageRequest']);
    const page = call.getHostedPaymentPageRequest;
    expect(Object.keys(page)[0]).toBe('merchantAuthentication');
    expect(start.reference).toMatch(/^V[0-9A-F]{18}$/);
    expect(page).toEqual({
      merchantAuthentication: { name: 'rules-anet-login', transactionKey: 'rules-anet-key' },
      refId: start.reference,
      transactionRequest: {
        transactionType: 'authCaptureTransaction',
        amount: '17.34',
        order: { invoiceNumber: start.reference, description: 'Voltmart order VM-2026-000444' },
        customer: { email: 'al@example.com' },
      },
      hostedPaymentSettings: {
        setting: [
          {
            settingName: 'hostedPaymentReturnOptions',
            settingValue: JSON.stringify({
              showReceipt: true,
              url: 'http://127.0.0.1:4321/payment-return/authorize-net/444',
              urlText: 'Continue',
              cancelUrl: 'http://127.0.0.1:4321/user/order/fail/444',
              cancelUrlText: 'Cancel',
            }),
          },
          { settingName: 'hostedPaymentButtonOptions', settingValue: JSON.stringify({ text: 'Pay' }) },
          {
            settingName: 'hostedPaymentOrderOptions',
            settingValue: JSON.stringify({ show: true, merchantName: 'Voltmart order VM-2026-000444' }),
          },
        ],
      },
    });
    const token = fake.authorizeNetPage(String(start.extra!.token)).token;
    expect(start).toEqual({
      kind: 'client',
      reference: start.reference,
      publicKey: '',
      extra: { formAction: `${fake.authorizeNetBase}/payment/payment`, token },
    });
  });

  it('makes a new invoice number for each attempt, and cuts the description (255) and the merchant name (60)', async () => {
    const long = 'z'.repeat(300);
    const a = await started({ description: long });
    const page = apiCalls().at(-1).getHostedPaymentPageRequest;
    expect(page.transactionRequest.order.description).toBe('z'.repeat(255));
    expect(JSON.parse(page.hostedPaymentSettings.setting[2].settingValue).merchantName).toBe('z'.repeat(60));
    const b = await started();
    expect(a.reference).not.toBe(b.reference);
  });

  it("refuses a checkout in another currency than the account's, in words", async () => {
    await expect(authorizeNetProvider.start(request({ currency: 'EUR' }))).rejects.toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'Authorize.Net is set up for USD only.' }),
    );
    process.env.AUTHORIZE_NET_CURRENCY = 'eur';
    try {
      expect((await started({ currency: 'EUR' })).kind).toBe('client');
      await expect(authorizeNetProvider.start(request())).rejects.toThrow(
        expect.objectContaining({ message: 'Authorize.Net is set up for EUR only.' }),
      );
    } finally {
      delete process.env.AUTHORIZE_NET_CURRENCY;
    }
  });

  it('a page Authorize.Net refuses gives the shopper "no page to pay on", and the operator its messages', async () => {
    const error = vi.spyOn(log, 'error');
    const noPage = expect.objectContaining({ code: 'UNAVAILABLE', message: 'Authorize.Net did not answer with a page to pay on.' });
    process.env.AUTHORIZE_NET_TRANSACTION_KEY = 'wrong-key';
    try {
      await expect(authorizeNetProvider.start(request())).rejects.toThrow(noPage);
    } finally {
      process.env.AUTHORIZE_NET_TRANSACTION_KEY = KEYS.AUTHORIZE_NET_TRANSACTION_KEY;
    }
    expect(error).toHaveBeenLastCalledWith(
      { messages: ['E00007 User authentication failed due to invalid authentication values.'] },
      'payments: Authorize.Net refused the hosted page',
    );
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] } })),
    );
    await expect(authorizeNetProvider.start(request())).rejects.toThrow(noPage);
    expect(error).toHaveBeenLastCalledWith({ messages: ['I00001 Successful.'] }, 'payments: Authorize.Net refused the hosted page');
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          token: 'tok',
          messages: {
            resultCode: 'Error',
            message: [
              { code: 'E1', text: 'No.' },
              { code: 'E2', text: 'Never.' },
            ],
          },
        }),
      ),
    );
    await expect(authorizeNetProvider.start(request())).rejects.toThrow(noPage);
    expect(error).toHaveBeenLastCalledWith({ messages: ['E1 No.', 'E2 Never.'] }, 'payments: Authorize.Net refused the hosted page');
  });
  it('names Authorize.Net when it refuses a call or cannot be read (503)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{}', { status: 500 }));
    await expect(authorizeNetProvider.start(request())).rejects.toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'Authorize.Net refused the request. Please try again in a moment.' }),
    );
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>'));
    await expect(handleAuthorizeNetDone('60000000001')).rejects.toThrow(
      expect.objectContaining({ code: 'UNAVAILABLE', message: 'Authorize.Net answered something we could not read.' }),
    );
  });
});

describe('a transaction, before the checkout is read', () => {
  it('is not set up (404, in words) in a shop without the keys', async () => {
    process.env.AUTHORIZE_NET_API_LOGIN_ID = '';
    try {
      await expect(handleAuthorizeNetDone('60000000001')).rejects.toThrow(
        expect.objectContaining({ code: 'NOT_FOUND', message: 'Card payments through Authorize.Net are not set up in this shop.' }),
      );
    } finally {
      process.env.AUTHORIZE_NET_API_LOGIN_ID = KEYS.AUTHORIZE_NET_API_LOGIN_ID;
    }
  });

  it('refuses a transaction id that is not digits (422, in words), without asking Authorize.Net', async () => {
    const before = fake.requests.length;
    const digits = expect.objectContaining({ code: 'VALIDATION', message: 'Send the transaction id Authorize.Net gave (digits).' });
    for (const id of ['', 'abc', '12a', ' 12', '1'.repeat(21), '-5']) await expect(handleAuthorizeNetDone(id), id).rejects.toThrow(digits);
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a transaction Authorize.Net does not know, or one without our invoice number (400)', async () => {
    await expect(handleAuthorizeNetDone('1'.repeat(20))).rejects.toThrow(refused);
    expect(apiCalls().at(-1)).toEqual({
      getTransactionDetailsRequest: {
        merchantAuthentication: { name: 'rules-anet-login', transactionKey: 'rules-anet-key' },
        transId: '1'.repeat(20),
      },
    });
    const start = await started();
    const tx = fake.authorizeNetPay(String(start.extra!.token), true);
    delete tx.order.invoiceNumber;
    await expect(handleAuthorizeNetDone(tx.transId)).rejects.toThrow(refused);
    Reflect.deleteProperty(tx, 'order');
    await expect(handleAuthorizeNetDone(tx.transId)).rejects.toThrow(refused);
    tx.order = { invoiceNumber: 'VGONE' };
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          transaction: { transId: '7', order: { invoiceNumber: 'V1' } },
          messages: { resultCode: 'Error', message: [{ code: 'E00040', text: 'The record cannot be found.' }] },
        }),
      ),
    );
    await expect(handleAuthorizeNetDone('7')).rejects.toThrow(refused);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(JSON.stringify({ messages: { resultCode: 'Ok', message: [] } })));
    await expect(handleAuthorizeNetDone('8')).rejects.toThrow(refused);
  });

  it('the return without an invoice, or with one no transaction carries, is a shopper who left without paying', async () => {
    const start = await started();
    fake.authorizeNetPay(String(start.extra!.token), true);
    const asked = fake.requests.length;
    expect(await handleAuthorizeNetReturn(null)).toBeNull();
    expect(await handleAuthorizeNetReturn('')).toBeNull();
    expect(fake.requests.length).toBe(asked);
    const before = apiCalls().length;
    expect(await handleAuthorizeNetReturn('VNOSUCHINVOICE')).toBeNull();
    expect(apiCalls().slice(before)).toEqual([
      {
        getUnsettledTransactionListRequest: {
          merchantAuthentication: { name: 'rules-anet-login', transactionKey: 'rules-anet-key' },
          sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
          paging: { limit: 1000, offset: 1 },
        },
      },
    ]);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(JSON.stringify({ messages: { resultCode: 'Ok', message: [] } })));
    expect(await handleAuthorizeNetReturn('VNOSUCHINVOICE')).toBeNull();
  });
});
