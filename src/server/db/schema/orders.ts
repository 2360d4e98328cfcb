import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, money, updatedAt } from '@/server/db/schema/common';
import { inventories, products } from '@/server/db/schema/catalog';
import { stores } from '@/server/db/schema/stores';
import { users } from '@/server/db/schema/users';

const total = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const vouchers = pgTable('vouchers', {
  id: id(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  /** Null: valid in every store. */
  storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
  /** 1 flat, 2 percent. */
  priceType: integer('price_type').notNull(),
  /** Cents when flat; whole percent when percent. */
  amount: integer('amount').notNull(),
  minSpend: money('min_spend'),
  /** Cap for percent vouchers in cents; 0 = none. */
  maxDiscount: money('max_discount'),
  usageLimit: integer('usage_limit').notNull().default(0),
  /** How many checkouts one user may use it in; 0 = no limit per user. */
  perUserLimit: integer('per_user_limit').notNull().default(1),
  usedCount: integer('used_count').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  status: integer('status').notNull().default(1),
  /** Limited to products of these categories (empty: no limit by category). */
  categoryIds: integer('category_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Limited to these products (empty: no limit by product). With both, a line of either counts. */
  productIds: integer('product_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
});

/** Vouchers a user has collected, and when one was spent. */
export const userVouchers = pgTable(
  'user_vouchers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    collectedAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.voucherId] })],
);

/** One order per store of a checkout; `order_no` groups what a person saw as one purchase. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    storeId: integer('store_id').references(() => stores.id),
    /** pending, confirmed, picked_up, on_the_way, shipped, delivered, cancelled, refunded. */
    status: text('status').notNull().default('pending'),
    /** 1 paid, 0 unpaid. */
    paymentStatus: integer('payment_status').notNull().default(0),
    /** 1 Razorpay, 2 cash on delivery, 3 Stripe, 4 PayPal, 5 Flutterwave, 6 Iyzico, 7 bank transfer. */
    paymentMethod: integer('payment_method').notNull(),
    /** 1 location, 2 pickup. */
    shippingType: integer('shipping_type').notNull().default(1),
    currency: text('currency').notNull().default('USD'),
    subtotal: total('subtotal'),
    shippingTotal: total('shipping_total'),
    discount: total('discount'),
    tax: total('tax'),
    total: total('total'),
    /** What the shop gave back of this order (payment_refunds kind 'order'); ≤ total, kept under the order's row lock. */
    refundedTotal: total('refunded_total'),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    email: text('email').notNull(),
    shippingAddress: jsonb('shipping_address'),
    billingAddress: jsonb('billing_address'),
    trackingCode: text('tracking_code').notNull(),
    /** The shopper's note to the store (order/action `note`). */
    note: text('note').notNull().default(''),
    /**
     * Raised by the database on every change of the order or of its shipments and returns (triggers of
     * migration 0020): the back office's order actions carry the version they were drawn at and a stale one is
     * refused ("this order changed, reload").
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_no_idx').on(t.orderNo),
    // The back office's order search at a million orders (orders/manage.ts): each way of finding an order has its
    // own index — the number's start, a piece of the email, a piece of the phone's digits.
    index('orders_no_prefix_idx').on(sql`${t.orderNo} text_pattern_ops`),
    index('orders_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // (A whole email address is looked up exactly on orders_email_lower_idx, lower(email) and id, written by
    // migration 0017 for the reports.) A piece of the name written on a guest order's address:
    index('orders_ship_name_trgm_idx').using('gin', sql`(${t.shippingAddress} ->> 'name') gin_trgm_ops`),
    index('orders_phone_trgm_idx').using(
      'gin',
      sql`(regexp_replace(coalesce(${t.shippingAddress} ->> 'phone', ''), '\\D', '', 'g')) gin_trgm_ops`,
    ),
    uniqueIndex('orders_tracking_uq').on(t.trackingCode),
    // The back office: orders by status, newest first (the attention counts and the status tabs).
    index('orders_status_idx').on(t.status, t.id),
    // A seller's home: their store's orders of today.
    index('orders_store_created_idx').on(t.storeId, t.createdAt),
    // The orders list over a short span of days (orders/manage.ts, shortPastSpan).
    index('orders_created_idx').on(t.createdAt),
    // Bank transfers still to confirm (few of a big shop's orders).
    index('orders_transfer_due_idx')
      .on(t.id)
      .where(sql`${t.paymentMethod} = 7 and ${t.paymentStatus} = 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    /** Snapshots: what was bought, whatever the catalog says later. */
    title: text('title').notNull(),
    image: text('image'),
    attributes: text('attributes').notNull().default(''),
    unitPrice: money('unit_price'),
    quantity: integer('quantity').notNull(),
    shippingPrice: money('shipping_price'),
    lineTotal: total('line_total'),
    /** The line's part of the order's voucher discount (line_total already holds bundle deals). */
    discountShare: total('discount_share'),
    /** The store's commission rate when the order was placed (basis points), and what it came to on (line_total − discount_share). */
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    commissionMinor: total('commission_minor'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    method: integer('method').notNull(),
    gateway: text('gateway').notNull(),
    /** The gateway's id for the charge or order; unique so a callback is applied once. */
    gatewayRef: text('gateway_ref'),
    /** The gateway's id of the money movement a refund names (Stripe PaymentIntent, Razorpay payment, PayPal capture). */
    chargeRef: text('charge_ref'),
    amount: total('amount'),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'partly_refunded', 'refunded'] })
      .notNull()
      .default('pending'),
    /** Bank transfer: transaction id, bank name, account holder, account number, branch. */
    details: jsonb('details'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_order_no_idx').on(t.orderNo), uniqueIndex('payments_gateway_ref_uq').on(t.gateway, t.gatewayRef)],
);

export const cancellations = pgTable('cancellations', {
  id: id(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' })
    .unique(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason').notNull(),
  status: text('status').notNull().default('requested'),
  createdAt: createdAt(),
});

/** One visit per order for the success/fail pages (the spec's visited-page record). */
export const visitedPages = pgTable(
  'visited_pages',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    link: text('link').notNull(),
    visitCount: integer('visit_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('visited_pages_uq').on(t.orderId, t.link)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    review: text('review').notNull().default(''),
    /** 1 shown, 0 hidden by a moderator (`hidden_reason` says why; the author is mailed it). */
    status: integer('status').notNull().default(1),
    /** How many shoppers reported it (one each, `review_reports`): reported reviews come first in moderation. */
    reports: integer('reports').notNull().default(0),
    hiddenReason: text('hidden_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** The store's one public reply (shown under the review), when and by whom it was last written. */
    reply: text('reply'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    replyBy: integer('reply_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_moderation_idx').on(t.reports, t.id),
    uniqueIndex('reviews_user_order_product_uq').on(t.userId, t.orderId, t.productId),
  ],
);

export const reviewImages = pgTable('review_images', {
  id: id(),
  reviewId: integer('review_id')
    .notNull()
    .references(() => reviews.id, { onDelete: 'cascade' }),
  image: text('image').notNull(),
});

/**
 * One row per (user, Idempotency-Key) of `order/action`: the first submit claims the key inside the
 * order's transaction (a concurrent one waits on the unique key, then reads the stored answer).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderNo: text('order_no'),
    /** The answer the first submit gave (`data` of the envelope). */
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Tax by place: a state's rate first, then the country's (state_code null); none → 0. Basis points (825 = 8.25 %). */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: id(),
    countryCode: text('country_code').notNull(),
    stateCode: text('state_code'),
    title: text('title').notNull().default('Tax'),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [unique('tax_rates_place_uq').on(t.countryCode, t.stateCode).nullsNotDistinct()],
);

/**
 * A shopper's request to send lines of a delivered order back (the spec's 30-day refund, orders/returns.ts):
 * requested → approved | refused; approved → received (stock back) → refunded (payment_refunds.return_id).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['requested', 'approved', 'refused', 'received', 'refunded'] })
      .notNull()
      .default('requested'),
    reason: text('reason').notNull(),
    /** `[{line_id, quantity}]`. */
    lines: jsonb('lines').$type<{ line_id: number; quantity: number }[]>().notNull(),
    /** Stored photos' paths (the review photo rules). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** The operator's reason for approving or refusing. */
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_open_idx')
      .on(t.id)
      .where(sql`status in ('requested', 'approved')`),
  ],
);
