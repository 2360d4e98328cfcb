// Whether a checkout may take a payment now, read from the database (payments/payable.ts, issue 38's
// mutation run): checkoutRefusal by order number, refusalFor by the gateway's reference or the order
// number, each from the checkout's own rows and no other's.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import { checkoutRefusal, refusalFor, refusalKey } from '@/server/payments/payable';
import { makeShopper, placeCheckout, storeReference } from './payment-fixtures';

useTestDatabase();

let userId: number;
beforeAll(async () => {
  userId = (await makeShopper()).id;
});

const checkout = (totals: number[], gateway = 'stripe') => placeCheckout({ userId, totals, method: 2, gateway });
const setOrder = (id: number, set: { status?: string; paymentStatus?: number }) =>
  getDb().update(orders).set(set).where(eq(orders.id, id));
const setPayment = (id: number, status: 'pending' | 'paid' | 'failed' | 'refunded') => getDb().update(payments).set({ status }).where(eq(payments.id, id));

describe('checkoutRefusal: the checkout named by its order number', () => {
  it('lets a fresh checkout be paid, and refuses it once every live order is paid', async () => {
    const c = await checkout([1200, 800]);
    expect(await checkoutRefusal(c.orderNo)).toBeNull();
    await setOrder(c.orderIds[0]!, { paymentStatus: 1 });
    expect(await checkoutRefusal(c.orderNo)).toBeNull();
    await setOrder(c.orderIds[1]!, { status: 'cancelled' });
    expect(await checkoutRefusal(c.orderNo)).toBe('paid');
  });

  it('reads its own payment row, not another checkout’s', async () => {
    const paid = await checkout([500]);
    await setPayment(paid.paymentId, 'paid');
    const open = await checkout([500]);
    expect(await checkoutRefusal(paid.orderNo)).toBe('paid');
    expect(await checkoutRefusal(open.orderNo)).toBeNull();
  });

  it('refuses a checkout whose orders are all cancelled, or refunded', async () => {
    const c = await checkout([300, 400]);
    await setOrder(c.orderIds[0]!, { status: 'cancelled' });
    await setOrder(c.orderIds[1]!, { status: 'cancelled' });
    expect(await checkoutRefusal(c.orderNo)).toBe('cancelled');
    await setOrder(c.orderIds[1]!, { status: 'refunded' });
    expect(await checkoutRefusal(c.orderNo)).toBe('refunded');
  });

  it('reads in the transaction it is given (what settle sees under its lock)', async () => {
    const c = await checkout([900]);
    let seen: string | null = 'unset';
    await getDb()
      .transaction(async (tx) => {
        await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, c.paymentId));
        seen = await checkoutRefusal(c.orderNo, tx);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(seen).toBe('refunded');
    expect(await checkoutRefusal(c.orderNo)).toBeNull();
  });

  it('names the message a person reads for each refusal', () => {
    expect(refusalKey('paid')).toBe('payments.pay.closed.paid');
    expect(refusalKey('cancelled')).toBe('payments.pay.closed.cancelled');
  });
});

describe('refusalFor: the checkout a gateway names, before a capture', () => {
  it('finds the checkout by its reference at that gateway, with its order ids in order', async () => {
    const c = await checkout([700, 300], 'paypal');
    await storeReference(c.paymentId, 'PP-ORDER-1');
    expect(await refusalFor('paypal', { reference: 'PP-ORDER-1' })).toEqual({ refusal: null, orderIds: c.orderIds });
    expect(c.orderIds[0]! < c.orderIds[1]!).toBe(true);
  });

  it('finds the checkout by its order number at that gateway', async () => {
    const c = await checkout([700], 'razorpay');
    await setPayment(c.paymentId, 'paid');
    expect(await refusalFor('razorpay', { orderNo: c.orderNo })).toEqual({ refusal: 'paid', orderIds: c.orderIds });
  });

  it('prefers the order number to the reference when both are given', async () => {
    const a = await checkout([100], 'paypal');
    const b = await checkout([200], 'paypal');
    await storeReference(b.paymentId, 'PP-ORDER-B');
    await setPayment(b.paymentId, 'refunded');
    expect(await refusalFor('paypal', { orderNo: a.orderNo, reference: 'PP-ORDER-B' })).toEqual({
      refusal: null,
      orderIds: a.orderIds,
    });
  });

  it('finds nothing at another gateway, for an unknown reference, or with neither key', async () => {
    const c = await checkout([700], 'paypal');
    await storeReference(c.paymentId, 'PP-ORDER-2');
    expect(await refusalFor('razorpay', { reference: 'PP-ORDER-2' })).toBeNull();
    expect(await refusalFor('razorpay', { orderNo: c.orderNo })).toBeNull();
    expect(await refusalFor('paypal', { reference: 'PP-NOPE' })).toBeNull();
    expect(await refusalFor('paypal', {})).toBeNull();
  });

  it('refuses a checkout cancelled meanwhile', async () => {
    const c = await checkout([700], 'paypal');
    await storeReference(c.paymentId, 'PP-ORDER-3');
    await setOrder(c.orderId, { status: 'cancelled' });
    await setPayment(c.paymentId, 'failed');
    expect(await refusalFor('paypal', { reference: 'PP-ORDER-3' })).toEqual({ refusal: 'cancelled', orderIds: c.orderIds });
  });
});
