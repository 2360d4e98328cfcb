/**
 * A checkout cancelled while its payment may still be in progress at the gateway (issue 30): stop it
 * there where the gateway allows (Stripe: cancel the PaymentIntent; PayPal: nothing to void, the shop
 * never captures an order of a checkout that cannot be paid). Where it cannot be stopped (Razorpay
 * with automatic capture, a Flutterwave link still open, …) the orders get a history line for review;
 * money that arrives anyway goes the refund-due way (stray.ts).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, payments } from '@/server/db/schema';
import { providerByGateway } from '@/server/payments/registry';
import { log } from '@/server/core/logger.mjs';

export const REVIEW_NOTE = 'The payment in progress at the gateway could not be stopped: check it at the gateway';

/** After the cancellation committed; never throws (the cancellation stands whatever the gateway says). */
export async function stopPendingPayment(orderNo: string): Promise<void> {
  const db = getDb();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderNo, orderNo), eq(payments.status, 'failed'), isNotNull(payments.gatewayRef)))
    .limit(1);
  if (!row?.gatewayRef) return;
  const provider = providerByGateway(row.gateway);
  if (!provider) return;
  let stopped = false;
  try {
    // A gateway without a way to stop its payment (Razorpay, Flutterwave, iyzico, Authorize.Net) is marked for review.
    stopped = provider.cancelPending ? await provider.cancelPending(row.gatewayRef) : false;
  } catch (err) {
    log.error({ err, gateway: row.gateway, orderNo, reference: row.gatewayRef }, 'payments: could not cancel the payment at the gateway');
  }
  if (stopped) {
    log.info({ gateway: row.gateway, orderNo, reference: row.gatewayRef }, 'payments: cancelled the pending payment at the gateway');
    return;
  }
  log.warn(
    { gateway: row.gateway, orderNo, reference: row.gatewayRef },
    'payments: the pending payment could not be stopped; marked for review',
  );
  const rows = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
  if (rows.length) await db.insert(orderStatusHistory).values(rows.map((o) => ({ orderId: o.id, status: o.status, note: REVIEW_NOTE })));
}
