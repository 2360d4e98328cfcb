/**
 * PayPal (method 4), Orders v2 over its documented REST API: an order per checkout (intent CAPTURE),
 * the shopper approves on PayPal's page, comes back to `/payment-return/paypal/{orderId}?token=…` where
 * we capture the order and mark the checkout paid from the capture's amount. Webhooks
 * (PAYMENT.CAPTURE.COMPLETED) are verified by PayPal's verify-webhook-signature API with our webhook id.
 * Why not @paypal/paypal-server-sdk: docs/decisions/0018-payment-gateways.md.
 */
import { AppError } from '@/server/core/errors';
import type { PaymentProvider, PaymentRequest } from '@/server/payments/provider';
import { settlePayment, type SettleResult } from '@/server/payments/settle';
import { BAD_SIGNATURE } from '@/server/payments/signature';
import { toDecimal, toMinor } from '@/server/payments/money';
import { gatewayFetch, returnRoute } from '@/server/payments/http';
import { refusalFor } from '@/server/payments/payable';
import { log } from '@/server/core/logger.mjs';
import { gatewayEnv } from '@/server/payments/stored-keys';

type Env = NodeJS.ProcessEnv;

export const paypalKeys = (env: Env = gatewayEnv()) => ({
  clientId: env.PAYPAL_CLIENT_ID?.trim() || null,
  clientSecret: env.PAYPAL_CLIENT_SECRET?.trim() || null,
  webhookId: env.PAYPAL_WEBHOOK_ID?.trim() || null,
});

/** PayPal's live or sandbox API (PAYPAL_MODE), or (tests only) PAYPAL_API_BASE. */
export function paypalBase(env: Env = gatewayEnv()): string {
  const base = env.PAYPAL_API_BASE?.trim();
  if (base) return base.replace(/\/$/, '');
  return env.PAYPAL_MODE?.trim() === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com';
}

let token: { value: string; until: number; key: string } | null = null;

/** OAuth 2.0 client credentials; the token is reused until a minute before it expires. */
async function accessToken(): Promise<string> {
  const { clientId, clientSecret } = paypalKeys();
  if (!clientId || !clientSecret) throw new AppError({ code: 'UNAVAILABLE', message: 'PayPal is not available right now.' });
  const key = `${paypalBase()}|${clientId}`;
  if (token && token.key === key && token.until > Date.now()) return token.value;
  const answer = await gatewayFetch<{ access_token: string; expires_in: number }>('PayPal', `${paypalBase()}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  token = { value: answer.access_token, until: Date.now() + (answer.expires_in - 60) * 1000, key };
  return token.value;
}

async function api<T>(path: string, init: { method: string; body?: unknown; requestId?: string }): Promise<T> {
  return gatewayFetch<T>('PayPal', `${paypalBase()}${path}`, {
    method: init.method,
    headers: {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      ...(init.requestId ? { 'paypal-request-id': init.requestId } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

interface PaypalAmount {
  currency_code: string;
  value: string;
}
interface PaypalCapture {
  id: string;
  status: string;
  amount: PaypalAmount;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}
interface PaypalOrder {
  id: string;
  status: string;
  links?: { rel: string; href: string }[];
  purchase_units?: { custom_id?: string; amount?: PaypalAmount; payments?: { captures?: PaypalCapture[] } }[];
}

export const paypalProvider: PaymentProvider = {
  method: 4,
  gateway: 'paypal',
  configured(env = gatewayEnv()) {
    const keys = paypalKeys(env);
    return Boolean(keys.clientId && keys.clientSecret);
  },
  publicKey(env = gatewayEnv()) {
    return paypalKeys(env).clientId;
  },
  async start(request: PaymentRequest) {
    const order = await api<PaypalOrder>('/v2/checkout/orders', {
      method: 'POST',
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.orderNo,
            custom_id: request.orderNo,
            description: request.description.slice(0, 127),
            amount: { currency_code: request.currency.toUpperCase(), value: toDecimal(request.amount, request.currency) },
          },
        ],
        payment_source: {
          paypal: {
            email_address: request.email,
            experience_context: {
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: returnRoute(request, 'paypal'),
              cancel_url: request.cancelUrl,
            },
          },
        },
      },
    });
    const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!approve) throw new AppError({ code: 'UNAVAILABLE', message: 'PayPal did not answer with a page to pay on.' });
    return { kind: 'redirect', reference: order.id, url: approve.href };
  },
  /**
   * Nothing to void: an order with intent CAPTURE takes no money until we capture it, and the return
   * never captures for a checkout that cannot be paid (payable.ts). The approval simply lapses.
   */
  async cancelPending() {
    return true;
  },
  async refund(charge) {
    const refund = await api<{ id: string; status: string }>(`/v2/payments/captures/${encodeURIComponent(charge.chargeRef)}/refund`, {
      method: 'POST',
      body: { amount: { value: toDecimal(charge.amount, charge.currency), currency_code: charge.currency.toUpperCase() } },
      requestId: charge.idempotencyKey,
    });
    return { reference: refund.id };
  },
};

const captureOf = (order: PaypalOrder) => order.purchase_units?.[0]?.payments?.captures?.[0];

/**
 * The shopper is back from PayPal (`token` is PayPal's order id): capture it once, then settle from
 * what PayPal says was captured. An order already captured (a reload, a second tab) is read instead.
 */
export async function handlePaypalReturn(paypalOrderId: string): Promise<SettleResult> {
  if (!/^[A-Z0-9-]{5,40}$/i.test(paypalOrderId)) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  let order = await api<PaypalOrder>(`/v2/checkout/orders/${paypalOrderId}`, { method: 'GET' });
  const orderNo = order.purchase_units?.[0]?.custom_id || undefined;
  if (order.status === 'APPROVED') {
    // Approved is not paid yet: a checkout that cannot take the money any more is never captured (nothing is charged).
    const closed = await refusalFor('paypal', { reference: order.id, orderNo });
    const refusal = closed?.refusal;
    if (closed && refusal) {
      log.warn(
        { gateway: 'paypal', reference: order.id, orderNo, state: refusal },
        'payments: not capturing a payment for an order that cannot take it',
      );
      return { changed: false, orderIds: closed.orderIds, paid: refusal === 'paid' };
    }
    try {
      order = await api<PaypalOrder>(`/v2/checkout/orders/${paypalOrderId}/capture`, {
        method: 'POST',
        body: {},
        requestId: `capture-${paypalOrderId}`,
      });
    } catch {
      // Declined (INSTRUMENT_DECLINED) or PayPal down: read the order again; it stays unpaid unless captured.
      order = await api<PaypalOrder>(`/v2/checkout/orders/${paypalOrderId}`, { method: 'GET' });
    }
  }
  const capture = captureOf(order);
  const paid = order.status === 'COMPLETED' && capture?.status === 'COMPLETED';
  const amount = paid ? capture.amount : order.purchase_units?.[0]?.amount;
  return settlePayment({
    gateway: 'paypal',
    reference: order.id,
    orderNo,
    chargeRef: paid ? capture.id : undefined,
    amount: amount ? toMinor(amount.value, amount.currency_code) : Number.NaN,
    currency: amount?.currency_code ?? '',
    outcome: paid ? 'paid' : 'failed',
  });
}

/** PayPal's webhook, verified by PayPal's own API (verify-webhook-signature) with our webhook id. */
export async function handlePaypalWebhook(rawBody: string, headers: Headers): Promise<SettleResult & { ignored?: boolean }> {
  const { webhookId } = paypalKeys();
  const h = (name: string) => headers.get(name) ?? '';
  if (!webhookId || !h('paypal-transmission-sig')) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  let event: { id: string; event_type: string; resource: PaypalCapture };
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  }
  const verdict = await api<{ verification_status: string }>('/v1/notifications/verify-webhook-signature', {
    method: 'POST',
    body: {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
      webhook_id: webhookId,
      webhook_event: event,
    },
  });
  if (verdict.verification_status !== 'SUCCESS') throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  const orderId = event.resource?.supplementary_data?.related_ids?.order_id;
  if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED' || !orderId) {
    log.info({ gateway: 'paypal', eventId: event.id, type: event.event_type }, 'payments: webhook event not handled; nothing changed');
    return { changed: false, orderIds: [], paid: false, ignored: true };
  }
  return settlePayment({
    gateway: 'paypal',
    reference: orderId,
    orderNo: event.resource.custom_id || undefined,
    chargeRef: event.resource.id,
    amount: toMinor(event.resource.amount.value, event.resource.amount.currency_code),
    currency: event.resource.amount.currency_code,
    outcome: 'paid',
    eventId: event.id,
  });
}
