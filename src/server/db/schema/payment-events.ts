import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '@/server/db/schema/common';

/**
 * Webhook events a gateway sent that were applied (payments/settle.ts): the same event delivered
 * again (gateways retry until they get a 2xx) is recognised by its id and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    orderNo: text('order_no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);
