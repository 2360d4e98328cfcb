import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from '@/server/db/schema/common';
import { stores } from '@/server/db/schema/stores';
import { orderLines, orders } from '@/server/db/schema/orders';
import { users } from '@/server/db/schema/users';

export const LEDGER_KINDS = ['sale', 'commission', 'refund', 'refund_commission', 'payout'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * What the shop owes each seller (docs/decisions/0031-seller-commission.md): append-only, signed amounts in minor
 * units (+ owed to the seller, − kept by the shop or paid out); the balance owed is the sum of a store's rows.
 * Written in the transaction of the event: an order paid (sale, commission), a refund (refund, refund_commission),
 * a payout the operator records.
 */
export const sellerLedger = pgTable(
  'seller_ledger',
  {
    id: id(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    orderLineId: integer('order_line_id').references(() => orderLines.id),
    /** The payout's reference (bank transfer id), or the refund's id (`refund:<id>`). */
    reference: text('reference'),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The ledger list (keyset on the id) and the statements by month.
    index('seller_ledger_store_idx').on(t.storeId, t.id),
    index('seller_ledger_store_at_idx').on(t.storeId, t.createdAt),
    index('seller_ledger_order_idx').on(t.orderId),
    // An order's sale and commission are written once, whichever path marks it paid first.
    uniqueIndex('seller_ledger_sale_uq')
      .on(t.orderId, t.kind, sql`coalesce(${t.orderLineId}, 0)`)
      .where(sql`${t.kind} in ('sale', 'commission')`),
    check('seller_ledger_kind_ck', sql`${t.kind} in ('sale', 'commission', 'refund', 'refund_commission', 'payout')`),
  ],
);
