import { bigint, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

const sum = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** The money and counts of an order roll-up row (daily and monthly). */
const orderFigures = () => ({
  storeId: integer('store_id').notNull(),
  paymentMethod: integer('payment_method').notNull(),
  country: text('country').notNull(),
  orders: count('orders'),
  gross: sum('gross'),
  discount: sum('discount'),
  tax: sum('tax'),
  shipping: sum('shipping'),
  refunds: sum('refunds'),
  refundCount: count('refund_count'),
  /** Orders that were their customer's first in the shop / in this store (new customers). */
  newCustomers: count('new_customers'),
  newStoreCustomers: count('new_store_customers'),
  /** Orders (not cancelled) of customers who had bought before, in the shop / in this store. */
  returningOrders: count('returning_orders'),
  returningStoreOrders: count('returning_store_orders'),
});

/** The figures of a product roll-up row (daily and monthly). */
const productFigures = () => ({
  storeId: integer('store_id').notNull(),
  productId: integer('product_id').notNull(),
  orders: count('orders'),
  units: count('units'),
  gross: sum('gross'),
  refunds: sum('refunds'),
});

/**
 * Reports' daily roll-up of orders (docs/decisions/0030-reports.md): one row per shop-time-zone day, store,
 * payment method and shipping country. Money in integer minor units. Kept by folding `report_changes` into it
 * (reports/fold.ts); a year's report reads a few thousand rows, never the orders.
 */
export const reportDaily = pgTable('report_daily', { day: date('day', { mode: 'string' }).notNull(), ...orderFigures() }, (t) => [
  primaryKey({ columns: [t.day, t.storeId, t.paymentMethod, t.country] }),
  index('report_daily_store_idx').on(t.storeId, t.day),
]);

/** The same by product: units sold, line totals, orders and refunds per day, store and product (0 = deleted product). */
export const reportDailyProducts = pgTable('report_daily_products', { day: date('day', { mode: 'string' }).notNull(), ...productFigures() }, (t) => [
  primaryKey({ columns: [t.day, t.storeId, t.productId] }),
  index('report_daily_products_store_idx').on(t.storeId, t.day),
]);

/**
 * The daily roll-ups summed by month (`month`: its first day), kept by the same fold: a report reads the whole
 * months of its period here and only the days at its edges from the daily tables (a year: ~12 rows a key, not 365).
 */
export const reportMonthly = pgTable('report_monthly', { month: date('month', { mode: 'string' }).notNull(), ...orderFigures() }, (t) => [
  primaryKey({ columns: [t.month, t.storeId, t.paymentMethod, t.country] }),
  index('report_monthly_store_idx').on(t.storeId, t.month),
]);

export const reportMonthlyProducts = pgTable('report_monthly_products', { month: date('month', { mode: 'string' }).notNull(), ...productFigures() }, (t) => [
  primaryKey({ columns: [t.month, t.storeId, t.productId] }),
  index('report_monthly_products_store_idx').on(t.storeId, t.month),
]);

/**
 * What changed since the last fold, appended by triggers in the same transaction as the order, its lines,
 * its cancellation or a refund (never updated, so concurrent checkouts never wait on each other).
 * `level` 0 rows go to report_daily, 1 to report_daily_products. Reports read the roll-ups plus these rows.
 */
export const reportChanges = pgTable('report_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  level: smallint('level').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  ...orderFigures(),
  ...productFigures(),
  paymentMethod: integer('payment_method').notNull().default(0),
  country: text('country').notNull().default(''),
  productId: integer('product_id').notNull().default(0),
});
