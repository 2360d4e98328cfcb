/**
 * POST /api/v1/order/payment-done: every gateway's webhook arrives here and is told apart by the
 * signature header its gateway sends. Each handler checks its signature on the raw body before it
 * reads anything; a request with no known signature header is refused.
 */
import { AppError } from '@/server/core/errors';
import type { SettleResult } from '@/server/payments/settle';
import { BAD_SIGNATURE } from '@/server/payments/signature';
import { handleStripeWebhook } from '@/server/payments/stripe';
import { handleRazorpayWebhook } from '@/server/payments/razorpay';
import { handlePaypalWebhook } from '@/server/payments/paypal';
import { handleFlutterwaveWebhook } from '@/server/payments/flutterwave';

export type WebhookResult = SettleResult & { gateway: string; ignored?: boolean };

type Handler = (raw: string, headers: Headers) => Promise<SettleResult & { ignored?: boolean }>;

const HANDLERS: { gateway: string; header: string; handle: Handler }[] = [
  { gateway: 'stripe', header: 'stripe-signature', handle: (raw, h) => handleStripeWebhook(raw, h.get('stripe-signature')) },
  {
    gateway: 'razorpay',
    header: 'x-razorpay-signature',
    handle: (raw, h) => handleRazorpayWebhook(raw, h.get('x-razorpay-signature'), h.get('x-razorpay-event-id')),
  },
  { gateway: 'paypal', header: 'paypal-transmission-sig', handle: (raw, h) => handlePaypalWebhook(raw, h) },
  { gateway: 'flutterwave', header: 'verif-hash', handle: (raw, h) => handleFlutterwaveWebhook(raw, h.get('verif-hash')) },
];

export async function handleWebhook(raw: string, headers: Headers): Promise<WebhookResult> {
  const handler = HANDLERS.find((h) => headers.has(h.header));
  if (!handler) throw new AppError({ code: 'BAD_REQUEST', message: BAD_SIGNATURE });
  return { gateway: handler.gateway, ...(await handler.handle(raw, headers)) };
}
