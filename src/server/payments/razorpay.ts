/**
 * Razorpay (method 1): a Razorpay order per checkout (Orders API), paid in Razorpay Checkout on our
 * pay page; Checkout hands back `razorpay_order_id`, `razorpay_payment_id` and `razorpay_signature`,
 * which our pay page posts to `/razorpay-callback`. The signature is HMAC-SHA256 of
 * `order_id|payment_id` with the key secret; only then is the payment fetched from the API (amount,
 * currency, status) and the checkout marked paid. The optional webhook (`X-Razorpay-Signature`,
 * HMAC-SHA256 of the raw body with the webhook secret) reaches POST /api/v1/order/payment-done.
 */
import Razorpay from 'razorpay';
import { AppError } from '@/server/core/errors';
import type { PaymentProvider, PaymentRequest } from '@/server/payments/provider';
import { settlePayment, type SettleResult } from '@/server/payments/settle';
import { BAD_SIGNATURE, fakeSources, hmacSha256 as hmac, sameSignature, type BrowserSources } from '@/server/payments/signature';
import { refusalFor } from '@/server/payments/payable';
import { log } from '@/server/core/logger.mjs';
import { gatewayEnv } from '@/server/payments/stored-keys';

type Env = NodeJS.ProcessEnv;

export const RAZORPAY_CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

export const razorpayKeys = (env: Env = gatewayEnv()) => ({
  keyId: env.RAZORPAY_KEY_ID?.trim() || null,
  keySecret: env.RAZORPAY_KEY_SECRET?.trim() || null,
  webhookSecret: env.RAZORPAY_WEBHOOK_SECRET?.trim() || null,
});

/** The SDK client; RAZORPAY_API_BASE (tests only) points its HTTP client at the local fake. */
export function razorpayClient(env: Env = gatewayEnv()): Razorpay {
  const { keyId, keySecret } = razorpayKeys(env);
  if (!keyId || !keySecret) throw new AppError({ code: 'UNAVAILABLE', message: 'Razorpay is not available right now.' });
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const base = env.RAZORPAY_API_BASE?.trim();
  // The SDK has no base URL option; its axios instance takes one (tests only).
  if (base) (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = base;
  return client;
}

/** The Checkout script and the origins the pay page's CSP allows for it. */
export function razorpayBrowserSources(env: Env = gatewayEnv()): BrowserSources {
  const fake = env.RAZORPAY_CHECKOUT_URL?.trim();
  if (fake) return fakeSources(fake);
  return {
    script: RAZORPAY_CHECKOUT_JS,
    scriptSrc: ['https://checkout.razorpay.com'],
    frameSrc: ['https://api.razorpay.com'],
    connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  };
}

export const razorpayProvider: PaymentProvider = {
  method: 1,
  gateway: 'razorpay',
  configured(env = gatewayEnv()) {
    const keys = razorpayKeys(env);
    return Boolean(keys.keyId && keys.keySecret);
  },
  publicKey(env = gatewayEnv()) {
    return razorpayKeys(env).keyId;
  },
  async start(request: PaymentRequest) {
    const order = await razorpayClient().orders.create({
      amount: request.amount,
      currency: request.currency.toUpperCase(),
      receipt: request.orderNo.slice(0, 40),
      notes: { order_no: request.orderNo },
    });
    return {
      kind: 'client',
      reference: order.id,
      publicKey: razorpayKeys().keyId!,
      extra: {
        order_id: order.id,
        amount: request.amount,
        currency: request.currency.toUpperCase(),
        description: request.description,
        email: request.email,
      },
    };
  },
  /** Razorpay takes no idempotency key on refunds: the payment is read first, and a refunded one is answered from its refunds. */
  async refund(charge) {
    const client = razorpayClient();
    const payment = await client.payments.fetch(charge.chargeRef);
    // A partial refund (orders/refunds.ts) names what the shop gave back of this payment before: more than that
    // already refunded at Razorpay means this very refund went through on an earlier try.
    if (Number(payment.amount_refunded ?? 0) >= (charge.refundedBefore ?? 0) + charge.amount) {
      const earlier = await client.payments.fetchMultipleRefund(charge.chargeRef);
      return { reference: earlier.items.at(-1)?.id ?? `${charge.chargeRef}:refunded` };
    }
    const refund = await client.payments.refund(charge.chargeRef, {
      amount: charge.amount,
      notes: { reason: charge.note ?? 'order could not take the payment' },
    });
    return { reference: refund.id };
  },
};

export interface RazorpayCallback {
  razorpay_order_id?: string;
  razorpay_payment_id?: string;
  razorpay_signature?: string;
}

/**
 * `/razorpay-callback`: the signature is checked before anything is read or fetched; then the payment
 * is fetched from Razorpay (captured when only authorized) and the checkout marked paid.
 */
export async function handleRazorpayCallback(body: RazorpayCallback): Promise<SettleResult> {
  const { keySecret } = razorpayKeys();
  const orderId = body.razorpay_order_id ?? '';
  const paymentId = body.razorpay_payment_id ?? '';
  if (!keySecret || !orderId || !paymentId || !sameSignature(hmac(keySecret, `${orderId}|${paymentId}`), body.razorpay_signature)) {
    throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  }
  const client = razorpayClient();
  let payment = await client.payments.fetch(paymentId);
  if (payment.order_id !== orderId) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  if (payment.status === 'authorized') {
    // Money is only held, not taken: a checkout that cannot be paid any more is never captured (the hold lapses).
    const closed = await refusalFor('razorpay', { reference: orderId });
    const refusal = closed?.refusal;
    if (closed && refusal) {
      log.warn(
        { gateway: 'razorpay', reference: orderId, paymentId, state: refusal },
        'payments: not capturing a payment for an order that cannot take it',
      );
      return { changed: false, orderIds: closed.orderIds, paid: refusal === 'paid' };
    }
    payment = await client.payments.capture(paymentId, payment.amount, payment.currency);
  }
  return settlePayment({
    gateway: 'razorpay',
    reference: orderId,
    chargeRef: paymentId,
    amount: Number(payment.amount),
    currency: payment.currency,
    outcome: payment.status === 'captured' ? 'paid' : 'failed',
  });
}

interface RazorpayWebhookBody {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; currency?: string; status?: string } };
    order?: { entity?: { id?: string; amount_paid?: number; currency?: string } };
  };
}

/** Razorpay's webhook (`order.paid`, `payment.failed`); the event id comes in `X-Razorpay-Event-Id`. */
export async function handleRazorpayWebhook(
  rawBody: string,
  signature: string | null,
  eventId: string | null,
): Promise<SettleResult & { ignored?: boolean }> {
  const { webhookSecret } = razorpayKeys();
  if (!webhookSecret || !sameSignature(hmac(webhookSecret, rawBody), signature)) {
    throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  }
  const body = JSON.parse(rawBody) as RazorpayWebhookBody;
  const payment = body.payload?.payment?.entity;
  if ((body.event !== 'order.paid' && body.event !== 'payment.failed') || !payment?.order_id) {
    log.info({ gateway: 'razorpay', eventId, type: body.event }, 'payments: webhook event not handled; nothing changed');
    return { changed: false, orderIds: [], paid: false, ignored: true };
  }
  const paid = body.event === 'order.paid';
  return settlePayment({
    gateway: 'razorpay',
    reference: payment.order_id,
    chargeRef: payment.id,
    amount: Number(paid ? (body.payload?.order?.entity?.amount_paid ?? payment.amount) : payment.amount),
    currency: payment.currency ?? '',
    outcome: paid ? 'paid' : 'failed',
    eventId: eventId ?? undefined,
  });
}
