/**
 * The one way a gateway's answer reaches an order (docs/decisions/0018-payment-gateways.md). Callers
 * have already verified the gateway's signature (or asked the gateway's API) before calling this.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, payments, paymentEvents } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { payRefusal } from '@/server/payments/payable';
import { handleStray, recordStray } from '@/server/payments/stray';
import { log } from '@/server/core/logger.mjs';
import { recordSales } from '@/server/money/ledger';

export interface Settlement {
  gateway: string;
  /** The gateway's id for the charge or order (`payments.gateway_ref`). */
  reference?: string;
  /** The checkout's `order_no`, when the gateway echoes it back (Stripe metadata, Flutterwave tx_ref). */
  orderNo?: string;
  /**
   * The gateway's id of the money movement itself, when it differs from `reference` (Razorpay payment,
   * PayPal capture, Flutterwave transaction): what a refund names. Defaults to `reference`.
   */
  chargeRef?: string;
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
  /** This payment arrived for a checkout that could not take it: it is recorded as a refund due (payments/stray.ts). */
  refundDue?: boolean;
}

export const PAYMENT_NOT_FOUND = 'This payment does not belong to any order of this shop.';
export const PAYMENT_MISMATCH = 'The amount or currency paid does not match the order, so the order was not marked paid.';

/**
 * Applies a verified gateway answer in one transaction: the payment row is locked, the amount and
 * currency must match, 'paid' marks every order of the checkout paid once, 'failed' leaves them unpaid
 * (the shopper can retry from the pay page). Replays change nothing, and say so in the log. Money paid
 * for a checkout that cannot take it (cancelled, refunded, or paid by another charge) is recorded as a
 * refund due, and refunded where the gateway allows, after the commit.
 */
export async function settlePayment(input: Settlement): Promise<SettleResult> {
  if (!input.reference && !input.orderNo) throw new AppError({ code: 'BAD_REQUEST', message: PAYMENT_NOT_FOUND });
  const seen = { gateway: input.gateway, eventId: input.eventId, reference: input.reference, orderNo: input.orderNo };
  let stray: { id: number; created: boolean } | null = null;
  const result = await getDb().transaction(async (tx): Promise<SettleResult> => {
    const where = input.orderNo
      ? and(eq(payments.gateway, input.gateway), eq(payments.orderNo, input.orderNo))
      : and(eq(payments.gateway, input.gateway), eq(payments.gatewayRef, input.reference!));
    const [row] = await tx.select().from(payments).where(where).for('update');
    if (!row) {
      log.warn({ ...seen, outcome: input.outcome }, 'payments: no payment of this shop matches; nothing changed');
      throw new AppError({ code: 'NOT_FOUND', message: PAYMENT_NOT_FOUND });
    }
    const orderRows = await tx
      .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus, total: orders.total })
      .from(orders)
      .where(eq(orders.orderNo, row.orderNo))
      .orderBy(orders.id);
    const orderIds = orderRows.map((o) => o.id);
    const state = { ...seen, orderNo: row.orderNo, state: row.status, outcome: input.outcome };
    const refusal = payRefusal({ orders: orderRows, payment: row });
    // The charge that paid this checkout, reported again, is a replay; any other paid charge is money the shop must give back.
    const sameCharge = row.status === 'paid' && (!input.reference || input.reference === row.gatewayRef);
    const isStray = input.outcome === 'paid' && refusal !== null && !sameCharge;
    if (!isStray && (input.amount !== row.amount || input.currency.toUpperCase() !== row.currency.toUpperCase())) {
      log.warn(
        { ...state, amount: input.amount, currency: input.currency },
        'payments: amount or currency differs from the order; nothing changed',
      );
      throw new AppError({ code: 'VALIDATION', message: PAYMENT_MISMATCH });
    }
    if (input.eventId) {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ gateway: input.gateway, eventId: input.eventId, orderNo: row.orderNo })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      if (!fresh.length) {
        log.info(state, 'payments: this event was applied before; nothing changed');
        return { changed: false, orderIds, paid: row.status === 'paid' };
      }
    }
    if (isStray) {
      const chargeRef = input.chargeRef ?? input.reference ?? `${row.orderNo}:${input.eventId ?? 'unknown'}`;
      stray = await recordStray(
        tx,
        {
          gateway: input.gateway,
          orderNo: row.orderNo,
          chargeRef,
          paymentRef: input.reference,
          amount: input.amount,
          currency: input.currency,
          reason: refusal,
          eventId: input.eventId,
        },
        orderRows,
      );
      return { changed: stray.created, orderIds, paid: row.status === 'paid', refundDue: true };
    }
    if (input.outcome === 'failed' || row.status !== 'pending') {
      log.info(
        state,
        input.outcome === 'failed'
          ? 'payments: the gateway reports a failed payment; the order stays unpaid'
          : `payments: the payment is ${row.status} already; nothing changed`,
      );
      return { changed: false, orderIds, paid: row.status === 'paid' };
    }
    await tx
      .update(payments)
      .set({
        status: 'paid',
        updatedAt: new Date(),
        ...(input.reference ? { gatewayRef: input.reference } : {}),
        // What a refund of this payment names later (orders/refunds.ts).
        chargeRef: input.chargeRef ?? input.reference ?? null,
      })
      .where(eq(payments.id, row.id));
    // Orders of the checkout cancelled before the money came (one store's of two) do not take it: their
    // share is a refund due, given back like any other (stray.ts); the live orders are paid.
    const live = orderRows.filter((o) => o.status !== 'cancelled' && o.status !== 'refunded');
    const closed = orderRows.filter((o) => !live.includes(o));
    if (live.length) {
      await tx
        .update(orders)
        .set({ paymentStatus: 1, updatedAt: new Date() })
        .where(
          inArray(
            orders.id,
            live.map((o) => o.id),
          ),
        );
      await tx.insert(orderStatusHistory).values(live.map((o) => ({ orderId: o.id, status: o.status, note: 'Payment received' })));
      // What each seller is owed from now on (money/ledger.ts).
      await recordSales(
        tx,
        live.map((o) => o.id),
      );
    }
    if (closed.length) {
      stray = await recordStray(
        tx,
        {
          gateway: input.gateway,
          orderNo: row.orderNo,
          chargeRef: input.chargeRef ?? input.reference ?? `${row.orderNo}:${input.eventId ?? 'unknown'}`,
          paymentRef: input.reference,
          amount: closed.reduce((sum, o) => sum + o.total, 0),
          currency: input.currency,
          reason: 'cancelled',
          eventId: input.eventId,
        },
        closed,
      );
    }
    return { changed: true, orderIds, paid: true, ...(closed.length ? { refundDue: true } : {}) };
  });
  const recorded = stray as { id: number; created: boolean } | null;
  if (recorded) await handleStray(recorded.id, recorded.created);
  return result;
}
