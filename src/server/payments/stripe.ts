/**
 * Stripe (method 3): a Payment Intent per checkout, paid on our pay page with Stripe's hosted Payment
 * Element (card numbers go from the shopper's browser to Stripe only); the order is marked paid by the
 * signed `payment_intent.succeeded` webhook (POST /api/v1/order/payment-done).
 */
import { GATEWAY_TIMEOUT_MS } from '@/server/payments/http';
import Stripe from 'stripe';
import { AppError } from '@/server/core/errors';
import type { PaymentProvider, PaymentRequest, PaymentStart } from '@/server/payments/provider';
import { settlePayment, type SettleResult } from '@/server/payments/settle';
import { BAD_SIGNATURE, fakeSources, type BrowserSources } from '@/server/payments/signature';
import { log } from '@/server/core/logger.mjs';
import { gatewayEnv } from '@/server/payments/stored-keys';

type Env = NodeJS.ProcessEnv;

/** The browser script: Stripe's own, or (tests only) the local fake's stand-in. */
export const STRIPE_JS = 'https://js.stripe.com/clover/stripe.js';

export const stripeKeys = (env: Env = gatewayEnv()) => ({
  secret: env.STRIPE_SECRET_KEY?.trim() || null,
  publishable: env.STRIPE_PUBLISHABLE_KEY?.trim() || null,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
});

const clients = new Map<string, Stripe>();

/** One SDK client per key and base; STRIPE_API_BASE (tests only) points it at the local fake. */
export function stripeClient(env: Env = gatewayEnv()): Stripe {
  const { secret } = stripeKeys(env);
  if (!secret) throw new AppError({ code: 'UNAVAILABLE', message: 'Card payments are not available right now.' });
  const base = env.STRIPE_API_BASE?.trim();
  const key = `${secret}|${base ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    const url = base ? new URL(base) : null;
    client = new Stripe(secret, {
      maxNetworkRetries: 1,
      timeout: GATEWAY_TIMEOUT_MS,
      telemetry: false,
      ...(url
        ? {
            host: url.hostname,
            port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
            protocol: url.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
    clients.set(key, client);
  }
  return client;
}

/** The script URL the pay page loads and the origins its CSP must allow for it. */
export function stripeBrowserSources(env: Env = gatewayEnv()): BrowserSources {
  const fake = env.STRIPE_JS_URL?.trim();
  if (fake) return fakeSources(fake);
  // Stripe's documented CSP for Stripe.js and the Payment Element.
  return {
    script: STRIPE_JS,
    scriptSrc: ['https://js.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ['https://api.stripe.com'],
  };
}

function clientStart(intent: Stripe.PaymentIntent, env: Env): PaymentStart {
  return {
    kind: 'client',
    reference: intent.id,
    publicKey: stripeKeys(env).publishable!,
    clientSecret: intent.client_secret ?? undefined,
  };
}

export const stripeProvider: PaymentProvider = {
  method: 3,
  gateway: 'stripe',
  configured(env = gatewayEnv()) {
    const keys = stripeKeys(env);
    return Boolean(keys.secret && keys.publishable && keys.webhookSecret);
  },
  publicKey(env = gatewayEnv()) {
    return stripeKeys(env).publishable;
  },
  async start(request: PaymentRequest) {
    const intent = await stripeClient().paymentIntents.create({
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      description: request.description,
      receipt_email: request.email,
      automatic_payment_methods: { enabled: true },
      metadata: { order_no: request.orderNo, order_id: String(request.orderId) },
    });
    return clientStart(intent, gatewayEnv());
  },
  async resume(reference: string, request: PaymentRequest) {
    const intent = await stripeClient().paymentIntents.retrieve(reference);
    const usable = ['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status);
    if (!usable || intent.amount !== request.amount || intent.currency !== request.currency.toLowerCase()) return null;
    return clientStart(intent, gatewayEnv());
  },
  async refund(charge) {
    const refund = await stripeClient().refunds.create(
      {
        payment_intent: charge.chargeRef,
        amount: charge.amount,
        reason: 'requested_by_customer',
        metadata: { voltmart: charge.note ? 'refund' : 'order-could-not-take-payment' },
      },
      { idempotencyKey: charge.idempotencyKey },
    );
    return { reference: refund.id };
  },
  async cancelPending(reference: string) {
    const client = stripeClient();
    const intent = await client.paymentIntents.retrieve(reference);
    const cancellable = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(intent.status);
    if (!cancellable) return intent.status === 'canceled';
    await client.paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' }, { idempotencyKey: `voltmart-cancel-${reference}` });
    return true;
  },
};

/**
 * Stripe's webhook: the signature is checked on the raw body with the SDK's `constructEvent` before
 * anything is read. `payment_intent.succeeded` marks the checkout paid; `payment_intent.payment_failed`
 * leaves it unpaid. Other events are acknowledged and ignored.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<SettleResult & { ignored?: boolean }> {
  const { webhookSecret } = stripeKeys();
  if (!webhookSecret || !signature) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  }
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    log.info({ gateway: 'stripe', eventId: event.id, type: event.type }, 'payments: webhook event not handled; nothing changed');
    return { changed: false, orderIds: [], paid: false, ignored: true };
  }
  const intent = event.data.object;
  const succeeded = event.type === 'payment_intent.succeeded';
  return settlePayment({
    gateway: 'stripe',
    reference: intent.id,
    orderNo: intent.metadata?.order_no || undefined,
    amount: succeeded ? intent.amount_received : intent.amount,
    currency: intent.currency,
    outcome: succeeded ? 'paid' : 'failed',
    eventId: event.id,
  });
}
