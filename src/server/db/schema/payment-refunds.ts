import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '@/server/db/schema/common';

/**
 * Money the shop gives back. `kind = 'stray'`: money a gateway collected that no order can take (payments/stray.ts): a charge for a cancelled or
 * refunded order, or a second charge for a checkout already paid. Never dropped: one row per charge
 * (`gateway`, `charge_ref` unique, so a webhook delivered five times is one row and one refund), kept
 * `refund_due` until the shop has given the money back. The back office counts
 * `select count(distinct order_no) from payment_refunds where status = 'refund_due'` (partial index on order_no: an index-only scan).
 * `kind = 'order'`: a refund the operator made from the back office (orders/refunds.ts): one row per refund of one
 * order (several per charge: partial refunds), unique by the order and the request's `Idempotency-Key`.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    gateway: text('gateway').notNull(),
    /** The gateway's id of the charge: Stripe PaymentIntent, Razorpay payment, PayPal capture, Flutterwave transaction. */
    chargeRef: text('charge_ref').notNull(),
    /** The gateway's reference of the payment it belongs to (`payments.gateway_ref` style), for the operator. */
    paymentRef: text('payment_ref'),
    /** What was collected, in the currency's minor unit. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Why the order could not take it: 'cancelled', 'refunded', 'paid' (a second charge). */
    reason: text('reason').notNull(),
    /** 'refund_due' (the shop holds the shopper's money) or 'refunded' (given back; `refund_ref` says how). */
    status: text('status', { enum: ['refund_due', 'refunded'] })
      .notNull()
      .default('refund_due'),
    /** The gateway's id of the refund. */
    refundRef: text('refund_ref'),
    /** The last refund attempt: a claim, so two deliveries never refund at once. */
    refundTriedAt: timestamp('refund_tried_at', { withTimezone: true }),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** Why the automatic refund did not happen (no refund API, the gateway refused), for the operator. */
    note: text('note'),
    /** 'stray' (payments/stray.ts) or 'order' (an operator's refund, orders/refunds.ts). */
    kind: text('kind', { enum: ['stray', 'order'] })
      .notNull()
      .default('stray'),
    /** The order refunded (kind 'order'). */
    orderId: integer('order_id'),
    /** The `Idempotency-Key` of the operator's request: the same key again is the same refund. */
    idempotencyKey: text('idempotency_key'),
    /** The lines refunded: `[{line_id, quantity, amount}]`; shipping apart. */
    lines: jsonb('lines').$type<{ line_id: number; quantity: number; amount: number }[]>(),
    shipping: bigint('shipping', { mode: 'number' }).notNull().default(0),
    /** The operator said the goods came back: the lines' stock was given back. */
    restock: boolean('restock').notNull().default(false),
    /** The return this refund closes (order_returns), if any. */
    returnId: integer('return_id'),
    actorId: integer('actor_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_refunds_charge_uq')
      .on(t.gateway, t.chargeRef)
      .where(sql`kind = 'stray'`),
    uniqueIndex('payment_refunds_order_key_uq').on(t.orderId, t.idempotencyKey),
    index('payment_refunds_order_no_idx').on(t.orderNo),
    index('payment_refunds_due_idx')
      .on(t.orderNo)
      .where(sql`status = 'refund_due'`),
  ],
);
