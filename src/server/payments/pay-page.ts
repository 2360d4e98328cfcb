/**
 * What `/user/order/pay/{id}` shows: the checkout's amount and how to pay it now. It is the first
 * payment page of a 'client' gateway (Stripe, Razorpay) and the retry of any unpaid order. It reads the
 * order and the payment row; it only writes the gateway's new reference while the row is 'pending'.
 */
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders, paymentRefunds, payments } from '@/server/db/schema';
import { checkoutRefusal, type PayRefusal } from '@/server/payments/payable';
import { notFound } from '@/server/core/errors';
import { providerFor } from '@/server/payments/registry';
import type { PaymentMethodId } from '@/server/payments/methods';
import type { PaymentRequest, PaymentStart } from '@/server/payments/provider';
import type { BrowserSources } from '@/server/payments/signature';
import { stripeBrowserSources } from '@/server/payments/stripe';
import { razorpayBrowserSources } from '@/server/payments/razorpay';
import { log } from '@/server/core/logger.mjs';

export type PayPageState =
  | { state: 'paid' }
  /**
   * The checkout cannot take a payment (cancelled, refunded): no gateway is asked. `refund` says what
   * became of money that arrived anyway (payments/stray.ts).
   */
  | { state: 'closed'; reason: Exclude<PayRefusal, 'paid'>; refund?: 'refund_due' | 'refunded' }
  /** Cash on delivery, bank transfer, a payment row checkout has not written: nothing to pay online. */
  | { state: 'offline' }
  /** The gateway is not configured any more, or it did not answer: try again later. */
  | { state: 'unavailable' }
  | { state: 'pay'; gateway: string; start: Exclude<PaymentStart, { kind: 'offline' }> };

export interface PayPage {
  orderId: number;
  orderNo: string;
  amount: number;
  currency: string;
  method: number;
  pay: PayPageState;
}

/** The request a provider gets from the pay page: the same one checkout sends. */
export function payRequest(
  o: { orderNo: string; orderId: number; amount: number; currency: string; email: string },
  origin: string,
  gateway: string,
  shopName: string,
): PaymentRequest {
  return {
    orderNo: o.orderNo,
    orderId: o.orderId,
    amount: o.amount,
    currency: o.currency.toUpperCase(),
    email: o.email,
    description: `${shopName} order ${o.orderNo}`,
    returnUrl: `${origin}/payment-return/${gateway}/${o.orderId}`,
    cancelUrl: `${origin}/user/order/pay/${o.orderId}?cancelled=1`,
  };
}

/** The pay page of one of the user's orders; another user's order (or none) is 404. */
export async function loadPayPage(orderId: number, userId: number, origin: string, shopName: string): Promise<PayPage> {
  const db = getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('This order');
  const [first] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, order.orderNo)).orderBy(asc(orders.id)).limit(1);
  const [row] = await db.select().from(payments).where(eq(payments.orderNo, order.orderNo)).limit(1);
  const base = { orderId: first!.id, orderNo: order.orderNo, method: order.paymentMethod };
  if (!row)
    return { ...base, amount: order.total, currency: order.currency, pay: { state: order.paymentStatus === 1 ? 'paid' : 'offline' } };
  const page = { ...base, amount: row.amount, currency: row.currency, method: row.method };
  const refusal = await checkoutRefusal(order.orderNo);
  if (refusal === 'paid' || order.paymentStatus === 1) return { ...page, pay: { state: 'paid' } };
  if (refusal) {
    const [stray] = await db
      .select({ status: paymentRefunds.status })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.orderNo, order.orderNo), eq(paymentRefunds.kind, 'stray')))
      .orderBy(asc(paymentRefunds.id))
      .limit(1);
    return { ...page, pay: { state: 'closed', reason: refusal, ...(stray ? { refund: stray.status } : {}) } };
  }
  const provider = providerFor(row.method as PaymentMethodId);
  if (!provider || provider.gateway !== row.gateway) return { ...page, pay: { state: 'offline' } };
  if (!provider.configured()) return { ...page, pay: { state: 'unavailable' } };
  const request = payRequest(
    { orderNo: order.orderNo, orderId: first!.id, amount: row.amount, currency: row.currency, email: order.email },
    origin,
    provider.gateway,
    shopName,
  );
  try {
    const resumed = row.gatewayRef && provider.resume ? await provider.resume(row.gatewayRef, request) : null;
    const start = resumed ?? (await provider.start(request));
    if (start.kind === 'offline') return { ...page, pay: { state: 'offline' } };
    if (start.reference !== row.gatewayRef) {
      await db
        .update(payments)
        .set({ gatewayRef: start.reference, updatedAt: new Date() })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')));
    }
    return { ...page, pay: { state: 'pay', gateway: provider.gateway, start } };
  } catch (err) {
    log.error({ err, gateway: provider.gateway }, 'payments: the gateway did not start a payment');
    return { ...page, pay: { state: 'unavailable' } };
  }
}

/** The browser script a 'client' gateway runs on the pay page, and what its CSP must allow. */
export function browserSourcesFor(gateway: string): BrowserSources | undefined {
  if (gateway === 'stripe') return stripeBrowserSources();
  if (gateway === 'razorpay') return razorpayBrowserSources();
  return undefined;
}
