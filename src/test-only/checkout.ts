/**
 * Orders and their pending `payments` row, written as checkout's `order/action` writes them (the
 * payments contract, docs/decisions/0018-payment-gateways.md): one row per `order_no`, the sum of the
 * orders' totals, the shop currency, status 'pending', no gateway reference yet. Used by the
 * integration tests and the end-to-end build's `/test-only/payment-order` while checkout is built apart.
 */
import { randomBytes } from 'node:crypto';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, payments } from '@/server/db/schema';

const tag = () => randomBytes(5).toString('hex');

export interface CheckoutSpec {
  userId: number;
  /** One order per entry (per store), each with this total in cents. */
  totals: number[];
  method: number;
  gateway: string;
  currency?: string;
}

/** Places a checkout the way order/action does (orders + one pending payments row), in one transaction. */
export async function placeCheckout(spec: CheckoutSpec): Promise<PlacedCheckout> {
  const orderNo = `VM-${tag().toUpperCase()}`;
  const currency = spec.currency ?? 'USD';
  const email = `buyer-${tag()}@example.com`;
  return getDb().transaction(async (tx) => {
    const placed = await tx
      .insert(orders)
      .values(
        spec.totals.map((total) => ({
          orderNo,
          userId: spec.userId,
          paymentMethod: spec.method,
          currency,
          subtotal: total,
          total,
          email,
          trackingCode: `T-${tag()}`,
        })),
      )
      .returning({ id: orders.id });
    await tx.insert(orderStatusHistory).values(placed.map((o) => ({ orderId: o.id, status: 'pending', note: 'Order placed' })));
    const amount = spec.totals.reduce((a, b) => a + b, 0);
    const [payment] = await tx
      .insert(payments)
      .values({ orderNo, method: spec.method, gateway: spec.gateway, amount, currency, status: 'pending' })
      .returning();
    return { orderNo, orderIds: placed.map((o) => o.id), orderId: placed[0]!.id, amount, currency, email, paymentId: payment!.id };
  });
}

export interface PlacedCheckout {
  orderNo: string;
  orderIds: number[];
  orderId: number;
  amount: number;
  currency: string;
  email: string;
  paymentId: number;
}
