/**
 * Whether a checkout can take a payment now: the one rule the pay page, every gateway start and every
 * capture ask before money moves (issue 30). A checkout is payable while its payment row is 'pending'
 * and at least one of its orders is live (not cancelled, not refunded) and unpaid.
 */
import { and, asc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';

/** Why a checkout cannot take a payment; each has a message in payments.pay.closed.* (en, ar, fr). */
export type PayRefusal = 'cancelled' | 'refunded' | 'paid';

export interface PayableFacts {
  orders: { status: string; paymentStatus: number }[];
  /** The checkout's payment row; cash on delivery and bank transfer may have none. */
  payment?: { status: string } | null;
}

const dead = (status: string) => status === 'cancelled' || status === 'refunded';

/** Null when the checkout may be paid now, else why not. Pure: pinned by unit tests. */
export function payRefusal({ orders: rows, payment }: PayableFacts): PayRefusal | null {
  if (payment?.status === 'paid') return 'paid';
  if (payment?.status === 'refunded') return 'refunded';
  const live = rows.filter((o) => !dead(o.status));
  if (!live.length) return rows.some((o) => o.status === 'refunded') ? 'refunded' : 'cancelled';
  if (live.every((o) => o.paymentStatus === 1)) return 'paid';
  // The row is failed only when checkout's cancellation closed it (orders/life.ts).
  if (payment?.status === 'failed') return 'cancelled';
  return null;
}

/** The refusal for the checkout `orderNo`, read in `tx` when given (settle reads under its row lock). */
export async function checkoutRefusal(orderNo: string, tx?: Tx): Promise<PayRefusal | null> {
  const db = tx ?? getDb();
  const rows = await db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.orderNo, orderNo))
    .orderBy(asc(orders.id));
  const [payment] = await db.select({ status: payments.status }).from(payments).where(eq(payments.orderNo, orderNo)).limit(1);
  return payRefusal({ orders: rows, payment });
}

/** The message key a person reads for a refusal (pay page, API answers). */
export const refusalKey = (r: PayRefusal) => `payments.pay.closed.${r}`;

/**
 * The refusal for the checkout whose payment row `gateway` + `reference` (or `orderNo`) names, and its
 * order ids, before a capture moves money (PayPal return, Razorpay authorized payment). Null when no
 * row matches: settle answers that case.
 */
export async function refusalFor(
  gateway: string,
  key: { reference?: string; orderNo?: string },
): Promise<{ refusal: PayRefusal | null; orderIds: number[] } | null> {
  const db = getDb();
  const where = key.orderNo
    ? and(eq(payments.gateway, gateway), eq(payments.orderNo, key.orderNo))
    : key.reference
      ? and(eq(payments.gateway, gateway), eq(payments.gatewayRef, key.reference))
      : null;
  if (!where) return null;
  const [row] = await db.select({ orderNo: payments.orderNo, status: payments.status }).from(payments).where(where).limit(1);
  if (!row) return null;
  const rows = await db
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.orderNo, row.orderNo))
    .orderBy(asc(orders.id));
  return { refusal: payRefusal({ orders: rows, payment: row }), orderIds: rows.map((o) => o.id) };
}
