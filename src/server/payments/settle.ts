/**
 * The one way a gateway's answer reaches an order (docs/decisions/0018-payment-gateways.md). Callers
 * have already verified the gateway's signature (or asked the gateway's API) before calling this.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, payments, paymentEvents } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';

export interface Settlement {
  gateway: string;
  /** The gateway's id for the charge or order (`payments.gateway_ref`). */
  reference?: string;
  /** The checkout's `order_no`, when the gateway echoes it back (Stripe metadata, Flutterwave tx_ref). */
  orderNo?: string;
  /** What the gateway says was paid, in the currency's minor unit. */
  amount: number;
  currency: string;
  outcome: 'paid' | 'failed';
  /** A webhook event's id: the same event twice is applied once. */
  eventId?: string;
}

export interface SettleResult {
  changed: boolean;
  orderIds: number[];
  /** The checkout is paid now (by this call or an earlier one). */
  paid: boolean;
}

export const PAYMENT_NOT_FOUND = 'This payment does not belong to any order of this shop.';
export const PAYMENT_MISMATCH = 'The amount or currency paid does not match the order, so the order was not marked paid.';

/**
 * Applies a verified gateway answer in one transaction: the payment row is locked, the amount and
 * currency must match, 'paid' marks every order of the checkout paid once, 'failed' leaves them unpaid
 * (the shopper can retry from the pay page). Replays change nothing.
 */
export async function settlePayment(input: Settlement): Promise<SettleResult> {
  if (!input.reference && !input.orderNo) throw new AppError({ code: 'BAD_REQUEST', message: PAYMENT_NOT_FOUND });
  return getDb().transaction(async (tx) => {
    const where = input.orderNo
      ? and(eq(payments.gateway, input.gateway), eq(payments.orderNo, input.orderNo))
      : and(eq(payments.gateway, input.gateway), eq(payments.gatewayRef, input.reference!));
    const [row] = await tx.select().from(payments).where(where).for('update');
    if (!row) throw new AppError({ code: 'NOT_FOUND', message: PAYMENT_NOT_FOUND });
    const orderRows = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.orderNo, row.orderNo))
      .orderBy(orders.id);
    const orderIds = orderRows.map((o) => o.id);
    if (input.amount !== row.amount || input.currency.toUpperCase() !== row.currency.toUpperCase()) {
      throw new AppError({ code: 'VALIDATION', message: PAYMENT_MISMATCH });
    }
    if (input.eventId) {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ gateway: input.gateway, eventId: input.eventId, orderNo: row.orderNo })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      if (!fresh.length) return { changed: false, orderIds, paid: row.status === 'paid' };
    }
    if (input.outcome === 'failed' || row.status !== 'pending') return { changed: false, orderIds, paid: row.status === 'paid' };
    await tx
      .update(payments)
      .set({ status: 'paid', updatedAt: new Date(), ...(input.reference ? { gatewayRef: input.reference } : {}) })
      .where(eq(payments.id, row.id));
    if (orderIds.length) {
      await tx.update(orders).set({ paymentStatus: 1, updatedAt: new Date() }).where(inArray(orders.id, orderIds));
      await tx.insert(orderStatusHistory).values(orderRows.map((o) => ({ orderId: o.id, status: o.status, note: 'Payment received' })));
    }
    return { changed: true, orderIds, paid: true };
  });
}
