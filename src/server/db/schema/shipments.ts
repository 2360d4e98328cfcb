import { index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id } from '@/server/db/schema/common';
import { orderLines, orders } from '@/server/db/schema/orders';
import { users } from '@/server/db/schema/users';

/** One parcel of an order: the carrier (lib/carriers.ts) and its tracking number; an order may have several. */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** dhl, fedex, ups, aramex, usps or other (lib/carriers.ts). */
    carrier: text('carrier').notNull(),
    /** Empty when the carrier gave none (a bulk "mark shipped"). */
    trackingNumber: text('tracking_number').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

/** How many of an order line a shipment carries; the sum per line never exceeds the line's quantity. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.orderLineId] }), index('shipment_lines_line_idx').on(t.orderLineId)],
);

/**
 * The last invoice number of each year: the row is locked (upsert) by the transaction that issues the next
 * number, so numbers follow one another without gaps even when two invoices are issued at once.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** An order's invoice number, issued once: `year` and `number` make "2026-000042". */
export const invoices = pgTable(
  'invoices',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('invoices_year_number_uq').on(t.year, t.number)],
);
