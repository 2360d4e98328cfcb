/**
 * `/payment-return/{gateway}/{orderId}`: where redirect gateways (PayPal, Flutterwave, Iyzico) send the
 * shopper back (GET, or iyzico's POST). Nothing in the query is trusted: the gateway's API is asked what was paid, and the answer goes
 * through settlePayment. The shopper then goes to the success page, or back to the pay page to retry.
 */
import { notFound } from '@/server/core/errors';
import { handlePaypalReturn } from '@/server/payments/paypal';
import { handleFlutterwaveReturn } from '@/server/payments/flutterwave';
import { handleIyzicoReturn } from '@/server/payments/iyzico';
import { handleAuthorizeNetReturn } from '@/server/payments/authorize-net';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import type { SettleResult } from '@/server/payments/settle';
import { log } from '@/server/core/logger.mjs';

/** What each redirect gateway's API answers about a return (the live calls; a test hands in its own). */
export interface ReturnAnswers {
  paypal: typeof handlePaypalReturn;
  flutterwave: typeof handleFlutterwaveReturn;
  iyzico: typeof handleIyzicoReturn;
  authorizeNet: typeof handleAuthorizeNetReturn;
}
const LIVE: ReturnAnswers = {
  paypal: handlePaypalReturn,
  flutterwave: handleFlutterwaveReturn,
  iyzico: handleIyzicoReturn,
  authorizeNet: handleAuthorizeNetReturn,
};

type Handle = (query: URLSearchParams, orderId: number) => Promise<SettleResult | null>;

/** How each gateway's return is read, asking `a`. */
const returnsOf = (a: ReturnAnswers): Record<string, Handle> => ({
  // PayPal adds `token` (its order id) and `PayerID`; a cancel goes to the cancel URL instead.
  paypal: async (query) => {
    const token = query.get('token');
    return token ? a.paypal(token) : null;
  },
  flutterwave: (query) => a.flutterwave(query),
  // iyzico POSTs `token` (a form from its own page) to the callback URL.
  iyzico: (params) => a.iyzico(params.get('token')),
  // Authorize.Net's return URL carries nothing: our own reference for the order is looked up.
  'authorize-net': async (_params, orderId) => a.authorizeNet(await referenceOf('authorize-net', orderId)),
});
const RETURNS = returnsOf(LIVE);

/** The gateway reference stored for an order's checkout (never taken from the request). */
async function referenceOf(gateway: string, orderId: number): Promise<string | null> {
  const [row] = await getDb()
    .select({ ref: payments.gatewayRef })
    .from(payments)
    .innerJoin(orders, eq(orders.orderNo, payments.orderNo))
    .where(and(eq(orders.id, orderId), eq(payments.gateway, gateway)))
    .limit(1);
  return row?.ref ?? null;
}

/** Where the shopper goes next: the success page when paid, else the pay page (cancelled or failed). */
export async function paymentReturn(
  gateway: string,
  orderId: number,
  query: URLSearchParams,
  answers: ReturnAnswers = LIVE,
): Promise<string> {
  const returns = answers === LIVE ? RETURNS : returnsOf(answers);
  // Own keys only: `/payment-return/constructor/5` must be a 404, not Object's constructor called as a gateway (a 500).
  const handle = Object.hasOwn(returns, gateway) ? returns[gateway] : undefined;
  if (!handle || !Number.isSafeInteger(orderId) || orderId <= 0) throw notFound('This payment');
  const result = await handle(query, orderId);
  if (!result) {
    log.info({ gateway, orderId, state: 'cancelled' }, 'payments: the shopper came back without paying; nothing changed');
    return `/user/order/pay/${orderId}?cancelled=1`;
  }
  const first = result.orderIds[0] ?? orderId;
  return result.paid ? `/user/order/success/${first}` : `/user/order/pay/${first}?failed=1`;
}
