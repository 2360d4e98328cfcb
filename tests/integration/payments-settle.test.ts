import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { paymentEvents } from '@/server/db/schema';
import { settlePayment } from '@/server/payments/settle';
import { checkoutState, makeShopper, placeCheckout, storeReference } from './payment-fixtures';

/**
 * settlePayment on its own (the gateways' tests reach it through their routes): which row it finds, the
 * messages people read, and that a checkout is paid exactly once whatever arrives and in whichever order.
 */
useTestDatabase();

let userId: number;
beforeAll(async () => {
  userId = (await makeShopper()).id;
});
const checkout = () => placeCheckout({ userId, totals: [1234, 500], method: 5, gateway: 'flutterwave' });
const base = { gateway: 'flutterwave', amount: 1734, currency: 'usd' } as const;

describe('settlePayment', () => {
  it('needs a reference or an order number, and refuses a payment of no order, word for word', async () => {
    await expect(settlePayment({ ...base, outcome: 'paid' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This payment does not belong to any order of this shop.',
    });
    await expect(settlePayment({ ...base, orderNo: 'VM-NOSUCH', outcome: 'paid' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'This payment does not belong to any order of this shop.',
    });
    const c = await checkout();
    // The row is the gateway's own: another gateway's answer for this order number finds nothing.
    await expect(settlePayment({ ...base, gateway: 'paypal', orderNo: c.orderNo, outcome: 'paid' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(settlePayment({ ...base, amount: 1733, orderNo: c.orderNo, outcome: 'paid' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'The amount or currency paid does not match the order, so the order was not marked paid.',
    });
    expect(await checkoutState(c.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0], received: 0 });
  });

  it('leaves a failed payment unpaid, then pays every order of the checkout once, keeping the reference', async () => {
    const c = await checkout();
    expect(await settlePayment({ ...base, orderNo: c.orderNo, outcome: 'failed', eventId: 'evt-failed' })).toEqual({
      changed: false,
      orderIds: c.orderIds,
      paid: false,
    });
    expect(await checkoutState(c.orderNo)).toMatchObject({ status: 'pending', paid: [0, 0], received: 0 });

    expect(await settlePayment({ ...base, orderNo: c.orderNo, reference: 'FLW-1', outcome: 'paid', eventId: 'evt-paid' })).toEqual({
      changed: true,
      orderIds: c.orderIds,
      paid: true,
    });
    expect(await checkoutState(c.orderNo)).toEqual({ status: 'paid', reference: 'FLW-1', paid: [1, 1], received: 2 });

    // The same event again, another event, or the payment found by its reference: nothing changes.
    expect(await settlePayment({ ...base, orderNo: c.orderNo, outcome: 'paid', eventId: 'evt-paid' })).toEqual({
      changed: false,
      orderIds: c.orderIds,
      paid: true,
    });
    expect(await settlePayment({ ...base, orderNo: c.orderNo, outcome: 'paid', eventId: 'evt-other' })).toMatchObject({
      changed: false,
      paid: true,
    });
    expect(await settlePayment({ ...base, reference: 'FLW-1', outcome: 'paid' })).toMatchObject({ changed: false, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ status: 'paid', reference: 'FLW-1', paid: [1, 1], received: 2 });
    // Every event is remembered once, against its checkout.
    const events = await getDb().select().from(paymentEvents).where(eq(paymentEvents.orderNo, c.orderNo));
    expect(events.map((e) => e.eventId).sort()).toEqual(['evt-failed', 'evt-other', 'evt-paid']);
  });

  it('finds the payment by the reference stored at start when no order number comes back', async () => {
    const c = await checkout();
    await storeReference(c.paymentId, 'REF-42');
    expect(await settlePayment({ ...base, reference: 'REF-42', outcome: 'paid' })).toMatchObject({ changed: true, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({ status: 'paid', reference: 'REF-42', paid: [1, 1], received: 2 });
  });
});
