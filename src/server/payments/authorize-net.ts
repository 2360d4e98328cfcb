/**
 * Authorize.Net (method 8, the spec's "host-configured" card gateway), Accept Hosted over its JSON API:
 * `getHostedPaymentPageRequest` gives a form token; the pay page POSTs it to Authorize.Net's hosted page,
 * so card data goes from the browser to Authorize.Net only. Nothing the browser sends back is trusted:
 * `order/payment-ADotNet-done {trans_id}` and the return to `/payment-return/authorize-net/{orderId}`
 * both read the transaction with `getTransactionDetailsRequest` (our invoice number, approved, captured,
 * the amount) before the checkout is marked paid.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@/server/core/errors';
import type { PaymentProvider, PaymentRequest } from '@/server/payments/provider';
import { settlePayment, type SettleResult } from '@/server/payments/settle';
import { BAD_SIGNATURE } from '@/server/payments/signature';
import { toDecimal, toMinor } from '@/server/payments/money';
import { gatewayFetch, returnRoute } from '@/server/payments/http';
import { log } from '@/server/core/logger.mjs';
import { gatewayEnv } from '@/server/payments/stored-keys';

type Env = NodeJS.ProcessEnv;

export const authorizeNetKeys = (env: Env = gatewayEnv()) => ({
  loginId: env.AUTHORIZE_NET_API_LOGIN_ID?.trim() || null,
  transactionKey: env.AUTHORIZE_NET_TRANSACTION_KEY?.trim() || null,
  /** The merchant account's currency: Authorize.Net charges in it and takes no currency per request. */
  currency: (env.AUTHORIZE_NET_CURRENCY?.trim() || 'USD').toUpperCase(),
});

const live = (env: Env) => env.AUTHORIZE_NET_MODE?.trim() === 'live';

/** The JSON API endpoint and the Accept Hosted form URL: live, sandbox, or (tests only) the fake. */
export function authorizeNetUrls(env: Env = gatewayEnv()) {
  const base = env.AUTHORIZE_NET_API_BASE?.trim()?.replace(/\/$/, '');
  if (base) return { api: `${base}/xml/v1/request.api`, form: `${base}/payment/payment` };
  return live(env)
    ? { api: 'https://api.authorize.net/xml/v1/request.api', form: 'https://accept.authorize.net/payment/payment' }
    : { api: 'https://apitest.authorize.net/xml/v1/request.api', form: 'https://test.authorize.net/payment/payment' };
}

interface AnetMessages {
  resultCode: 'Ok' | 'Error';
  message: { code: string; text: string }[];
}

/** One API call; the answer starts with a byte-order mark, and `resultCode: Error` is a refusal. */
async function api<T extends { messages: AnetMessages }>(name: string, body: Record<string, unknown>): Promise<T> {
  const { loginId, transactionKey } = authorizeNetKeys();
  if (!loginId || !transactionKey) throw new AppError({ code: 'UNAVAILABLE', message: 'Card payments are not available right now.' });
  // Key order matters: Authorize.Net maps this JSON onto its XML schema, merchantAuthentication first.
  const payload = { [name]: { merchantAuthentication: { name: loginId, transactionKey }, ...body } };
  return gatewayFetch<T>('Authorize.Net', authorizeNetUrls().api, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

export const authorizeNetProvider: PaymentProvider = {
  method: 8,
  gateway: 'authorize-net',
  configured(env = gatewayEnv()) {
    const keys = authorizeNetKeys(env);
    return Boolean(keys.loginId && keys.transactionKey);
  },
  async start(request: PaymentRequest) {
    const { currency } = authorizeNetKeys();
    if (request.currency.toUpperCase() !== currency) {
      throw new AppError({ code: 'UNAVAILABLE', message: `Authorize.Net is set up for ${currency} only.` });
    }
    // Our reference for this attempt (Authorize.Net's invoice number: at most 20 characters).
    const invoice = `V${randomBytes(9).toString('hex').toUpperCase()}`.slice(0, 20);
    const answer = await api<{ token?: string; messages: AnetMessages }>('getHostedPaymentPageRequest', {
      refId: invoice,
      transactionRequest: {
        transactionType: 'authCaptureTransaction',
        amount: toDecimal(request.amount, currency),
        order: { invoiceNumber: invoice, description: request.description.slice(0, 255) },
        customer: { email: request.email },
      },
      hostedPaymentSettings: {
        setting: [
          {
            settingName: 'hostedPaymentReturnOptions',
            settingValue: JSON.stringify({
              showReceipt: true,
              url: returnRoute(request, 'authorize-net'),
              urlText: 'Continue',
              cancelUrl: request.cancelUrl,
              cancelUrlText: 'Cancel',
            }),
          },
          { settingName: 'hostedPaymentButtonOptions', settingValue: JSON.stringify({ text: 'Pay' }) },
          {
            settingName: 'hostedPaymentOrderOptions',
            settingValue: JSON.stringify({ show: true, merchantName: request.description.slice(0, 60) }),
          },
        ],
      },
    });
    if (answer.messages.resultCode !== 'Ok' || !answer.token) {
      log.error({ messages: answer.messages.message.map((m) => `${m.code} ${m.text}`) }, 'payments: Authorize.Net refused the hosted page');
      throw new AppError({ code: 'UNAVAILABLE', message: 'Authorize.Net did not answer with a page to pay on.' });
    }
    // Accept Hosted is opened by POSTing the token: the pay page renders that form (no script).
    return { kind: 'client', reference: invoice, publicKey: '', extra: { formAction: authorizeNetUrls().form, token: answer.token } };
  },
};

interface AnetTransaction {
  transId: string;
  transactionStatus: string;
  responseCode: number;
  settleAmount?: number;
  authAmount?: number;
  order?: { invoiceNumber?: string };
}

const CAPTURED = new Set(['capturedPendingSettlement', 'settledSuccessfully']);

/**
 * `order/payment-ADotNet-done`: the transaction is read from Authorize.Net (never from the request) and
 * settles the checkout whose invoice number it carries.
 */
export async function handleAuthorizeNetDone(transId: string): Promise<SettleResult> {
  if (!authorizeNetProvider.configured())
    throw new AppError({ code: 'NOT_FOUND', message: 'Card payments through Authorize.Net are not set up in this shop.' });
  if (!/^\d{1,20}$/.test(transId))
    throw new AppError({ code: 'VALIDATION', message: 'Send the transaction id Authorize.Net gave (digits).' });
  const answer = await api<{ transaction?: AnetTransaction; messages: AnetMessages }>('getTransactionDetailsRequest', { transId });
  const tx = answer.transaction;
  if (answer.messages.resultCode !== 'Ok' || !tx?.order?.invoiceNumber) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  const paid = tx.responseCode === 1 && CAPTURED.has(tx.transactionStatus);
  const { currency } = authorizeNetKeys();
  return settlePayment({
    gateway: 'authorize-net',
    reference: tx.order.invoiceNumber,
    // A declined card settles nothing: its authorised amount is the one compared.
    amount: toMinor(String((paid ? tx.settleAmount : tx.authAmount) ?? ''), currency),
    currency,
    outcome: paid ? 'paid' : 'failed',
  });
}

/**
 * The shopper pressed "Continue" on Authorize.Net's receipt: the return URL carries no transaction id,
 * so the checkout's transaction is found in the account's unsettled list by our invoice number, then
 * verified as above. Nothing found: the shopper left without paying.
 */
export async function handleAuthorizeNetReturn(invoice: string | null): Promise<SettleResult | null> {
  if (!invoice) return null;
  const answer = await api<{ transactions?: { transId: string; invoiceNumber?: string }[]; messages: AnetMessages }>(
    'getUnsettledTransactionListRequest',
    {
      sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
      paging: { limit: 1000, offset: 1 },
    },
  );
  const tx = answer.transactions?.find((t) => t.invoiceNumber === invoice);
  return tx ? handleAuthorizeNetDone(tx.transId) : null;
}
