/**
 * Flutterwave (method 5), Flutterwave Standard over its documented v3 API: POST /payments gives a
 * hosted payment link; the shopper comes back to `/payment-return/flutterwave/{orderId}` with
 * `status`, `tx_ref` and `transaction_id`, and we verify the transaction by id (GET
 * /transactions/{id}/verify) before settling. The webhook (`verif-hash` = our secret hash) is only a
 * hint: its transaction is verified through the API the same way.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@/server/core/errors';
import type { PaymentProvider, PaymentRequest } from '@/server/payments/provider';
import { settlePayment, type SettleResult } from '@/server/payments/settle';
import { BAD_SIGNATURE, sameSignature } from '@/server/payments/signature';
import { toDecimal, toMinor } from '@/server/payments/money';
import { gatewayFetch, returnRoute } from '@/server/payments/http';
import { log } from '@/server/core/logger.mjs';
import { gatewayEnv } from '@/server/payments/stored-keys';

type Env = NodeJS.ProcessEnv;

export const flutterwaveKeys = (env: Env = gatewayEnv()) => ({
  publicKey: env.FLUTTERWAVE_PUBLIC_KEY?.trim() || null,
  secretKey: env.FLUTTERWAVE_SECRET_KEY?.trim() || null,
  secretHash: env.FLUTTERWAVE_SECRET_HASH?.trim() || null,
});

/** Flutterwave's v3 API, or (tests only) FLUTTERWAVE_API_BASE. */
export const flutterwaveBase = (env: Env = gatewayEnv()) =>
  (env.FLUTTERWAVE_API_BASE?.trim() || 'https://api.flutterwave.com/v3').replace(/\/$/, '');

function api<T>(path: string, init: { method: string; body?: unknown }): Promise<T> {
  const { secretKey } = flutterwaveKeys();
  if (!secretKey) throw new AppError({ code: 'UNAVAILABLE', message: 'Flutterwave is not available right now.' });
  return gatewayFetch<T>('Flutterwave', `${flutterwaveBase()}${path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

interface FlwTransaction {
  id: number;
  tx_ref: string;
  status: string;
  amount: number;
  currency: string;
}

export const flutterwaveProvider: PaymentProvider = {
  method: 5,
  gateway: 'flutterwave',
  configured(env = gatewayEnv()) {
    const keys = flutterwaveKeys(env);
    return Boolean(keys.publicKey && keys.secretKey && keys.secretHash);
  },
  publicKey(env = gatewayEnv()) {
    return flutterwaveKeys(env).publicKey;
  },
  async start(request: PaymentRequest) {
    // tx_ref must be unique per attempt at Flutterwave: the order number plus a random suffix.
    const txRef = `${request.orderNo}-${randomBytes(4).toString('hex')}`;
    const answer = await api<{ status: string; data?: { link?: string } }>('/payments', {
      method: 'POST',
      body: {
        tx_ref: txRef,
        // A JSON number written from the exact decimal text ("17.34" → 17.34), as Flutterwave expects.
        amount: Number(toDecimal(request.amount, request.currency)),
        currency: request.currency.toUpperCase(),
        redirect_url: returnRoute(request, 'flutterwave'),
        customer: { email: request.email },
        customizations: { title: request.description.slice(0, 60), description: request.description },
        meta: { order_no: request.orderNo },
      },
    });
    const link = answer.data?.link;
    if (answer.status !== 'success' || !link)
      throw new AppError({ code: 'UNAVAILABLE', message: 'Flutterwave did not answer with a page to pay on.' });
    return { kind: 'redirect', reference: txRef, url: link };
  },
};

/** Asks Flutterwave what transaction `id` is, and settles the checkout its tx_ref names. */
async function settleVerified(transactionId: string): Promise<SettleResult> {
  if (!/^\d{1,20}$/.test(transactionId)) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  const answer = await api<{ status: string; data?: FlwTransaction }>(`/transactions/${transactionId}/verify`, { method: 'GET' });
  const tx = answer.data;
  if (answer.status !== 'success' || !tx) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  return settlePayment({
    gateway: 'flutterwave',
    reference: tx.tx_ref,
    // start() makes tx_ref from the order number and 8 hex digits: an older attempt still finds its checkout.
    orderNo: /^(.+)-[0-9a-f]{8}$/.exec(tx.tx_ref)?.[1],
    chargeRef: String(tx.id),
    amount: toMinor(tx.amount, tx.currency),
    currency: tx.currency,
    outcome: tx.status === 'successful' ? 'paid' : 'failed',
  });
}

/** The shopper is back from Flutterwave; cancelled payments carry no transaction to verify. */
export async function handleFlutterwaveReturn(query: URLSearchParams): Promise<SettleResult | null> {
  const transactionId = query.get('transaction_id');
  if (query.get('status') === 'cancelled' || !transactionId) return null;
  return settleVerified(transactionId);
}

/** Flutterwave's webhook: `verif-hash` must equal our secret hash; the transaction is then verified by id. */
export async function handleFlutterwaveWebhook(rawBody: string, verifHash: string | null): Promise<SettleResult & { ignored?: boolean }> {
  const { secretHash } = flutterwaveKeys();
  if (!secretHash || !sameSignature(secretHash, verifHash)) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  let event: { event?: string; data?: { id?: number } };
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  }
  if (event.event !== 'charge.completed' || !event.data?.id) {
    log.info(
      { gateway: 'flutterwave', type: event.event, transactionId: event.data?.id },
      'payments: webhook event not handled; nothing changed',
    );
    return { changed: false, orderIds: [], paid: false, ignored: true };
  }
  // Settling is idempotent: a replayed event finds the checkout paid already and changes nothing.
  return settleVerified(String(event.data.id));
}
