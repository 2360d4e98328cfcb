// A checkout cancelled while its payment may be in progress at the gateway (payments/cancel.ts, issue 38's
// mutation run), driven directly: the gateway is asked to stop the payment only for a closed ('failed') row
// with a reference; when it cannot (no way to stop, a refusal, an error) each order of that checkout, and no
// other, gets the review line an operator reads.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, payments } from '@/server/db/schema';
import { stopPendingPayment } from '@/server/payments/cancel';
import { stripeProvider } from '@/server/payments/stripe';
import { log } from '@/server/core/logger.mjs';
import { makeShopper, placeCheckout, storeReference } from './payment-fixtures';

useTestDatabase();

const REVIEW = 'The payment in progress at the gateway could not be stopped: check it at the gateway';

let userId: number;
beforeAll(async () => {
  userId = (await makeShopper()).id;
});
afterEach(() => vi.restoreAllMocks());

/** A checkout cancelled by checkout's rule: orders cancelled, the payment row closed as 'failed'. */
async function cancelled(gateway: string, totals = [1500], reference: string | null = `ref-${Math.random()}`) {
  const c = await placeCheckout({ userId, totals, method: 3, gateway });
  if (reference) await storeReference(c.paymentId, reference);
  await getDb().update(orders).set({ status: 'cancelled' }).where(inArray(orders.id, c.orderIds));
  await getDb().update(payments).set({ status: 'failed' }).where(eq(payments.id, c.paymentId));
  return { ...c, reference };
}

/** The review lines written for these orders: [order id, status] each. */
async function reviewLines(orderIds: number[]) {
  const rows = await getDb()
    .select({ orderId: orderStatusHistory.orderId, status: orderStatusHistory.status, note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, orderIds));
  return rows
    .filter((r) => r.note === REVIEW)
    .map((r) => [r.orderId, r.status])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
}

describe('stopping a payment in progress after a cancellation', () => {
  it('asks the gateway to stop it, and writes nothing when it did', async () => {
    const stop = vi.spyOn(stripeProvider, 'cancelPending').mockResolvedValue(true);
    const c = await cancelled('stripe');
    await stopPendingPayment(c.orderNo);
    expect(stop).toHaveBeenCalledWith(c.reference);
    expect(await reviewLines(c.orderIds)).toEqual([]);
  });

  it('marks every order of the checkout for review, with its status, when the gateway would not stop it', async () => {
    vi.spyOn(stripeProvider, 'cancelPending').mockResolvedValue(false);
    const c = await cancelled('stripe', [1000, 2000]);
    const other = await cancelled('stripe');
    await stopPendingPayment(c.orderNo);
    expect(await reviewLines(c.orderIds)).toEqual(c.orderIds.map((id) => [id, 'cancelled']));
    expect(await reviewLines(other.orderIds)).toEqual([]);
  });

  it('marks the orders for review when the gateway answers with an error, and does not throw', async () => {
    vi.spyOn(stripeProvider, 'cancelPending').mockRejectedValue(new Error('gateway down'));
    const c = await cancelled('stripe');
    await expect(stopPendingPayment(c.orderNo)).resolves.toBeUndefined();
    expect(await reviewLines(c.orderIds)).toEqual([[c.orderId, 'cancelled']]);
  });

  it('marks the orders for review at a gateway with no way to stop a payment (Razorpay)', async () => {
    const c = await cancelled('razorpay');
    await stopPendingPayment(c.orderNo);
    expect(await reviewLines(c.orderIds)).toEqual([[c.orderId, 'cancelled']]);
  });

  it('does nothing for a payment never started at the gateway, a row still open, or an unknown gateway', async () => {
    const stop = vi.spyOn(stripeProvider, 'cancelPending').mockResolvedValue(false);
    const noRef = await cancelled('stripe', [1000], null);
    await stopPendingPayment(noRef.orderNo);
    const open = await placeCheckout({ userId, totals: [700], method: 3, gateway: 'stripe' });
    await storeReference(open.paymentId, 'pi_still_open');
    await stopPendingPayment(open.orderNo);
    const unknown = await cancelled('no-such-gateway');
    await stopPendingPayment(unknown.orderNo);
    expect(stop).not.toHaveBeenCalled();
    expect(await reviewLines([...noRef.orderIds, ...open.orderIds, ...unknown.orderIds])).toEqual([]);
  });

  it('does not throw for a closed payment row whose checkout has no order left to mark', async () => {
    const [row] = await getDb()
      .insert(payments)
      .values({ orderNo: 'VM-NO-ORDERS', method: 1, gateway: 'razorpay', amount: 100, currency: 'USD', status: 'failed', gatewayRef: 'pay_x' })
      .returning();
    await expect(stopPendingPayment(row!.orderNo)).resolves.toBeUndefined();
  });
});

describe('what the operator reads in the log', () => {
  it('says the payment was stopped, naming the gateway, the checkout and the reference', async () => {
    vi.spyOn(stripeProvider, 'cancelPending').mockResolvedValue(true);
    const info = vi.spyOn(log, 'info');
    const c = await cancelled('stripe', [1500], 'pi_stopped');
    await stopPendingPayment(c.orderNo);
    expect(info).toHaveBeenCalledWith(
      { gateway: 'stripe', orderNo: c.orderNo, reference: 'pi_stopped' },
      'payments: cancelled the pending payment at the gateway',
    );
  });

  it('says the gateway failed, with its error, and that the payment is marked for review', async () => {
    const down = new Error('gateway down');
    vi.spyOn(stripeProvider, 'cancelPending').mockRejectedValue(down);
    const error = vi.spyOn(log, 'error');
    const warn = vi.spyOn(log, 'warn');
    const c = await cancelled('stripe', [1500], 'pi_down');
    await stopPendingPayment(c.orderNo);
    const fields = { gateway: 'stripe', orderNo: c.orderNo, reference: 'pi_down' };
    expect(error).toHaveBeenCalledWith({ err: down, ...fields }, 'payments: could not cancel the payment at the gateway');
    expect(warn).toHaveBeenCalledWith(fields, 'payments: the pending payment could not be stopped; marked for review');
  });
});
