import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { defineQuery } from '@/server/core/query';
import type { Scope } from '@/server/core/policy';
import { OrdersBulkSchema, StaffOrderIdSchema } from '@/lib/schemas/backoffice';
import { getStaffOrder, type StaffOrder } from '@/server/orders/manage';

/**
 * An order's printable documents (packing slip, invoice). Invoice numbers run without gaps within a year: the
 * transaction that first issues an order's number upserts the year's counter row, which locks it until that
 * transaction ends, and writes the invoice in the same transaction. Two issues at once take turns; a failed one
 * rolls its number back with it, so no number is ever skipped or given twice.
 */

export interface Invoice {
  order_id: number;
  year: number;
  seq: number;
  /** "2026-000042". */
  number: string;
  issued_at: string;
}

export const invoiceNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(6, '0')}`;

const invoiceOfRow = (r: { order_id: number; year: number; number: number; issued_at: string }): Invoice => ({
  order_id: r.order_id,
  year: r.year,
  seq: r.number,
  number: invoiceNumber(r.year, r.number),
  issued_at: new Date(r.issued_at).toISOString(),
});

/** The order's invoice, or null before it is issued. */
export async function invoiceOf(db: Tx, orderId: number): Promise<Invoice | null> {
  const [row] = await queryRows<{ order_id: number; year: number; number: number; issued_at: string }>(
    db,
    sql`select order_id, year, number, issued_at from invoices where order_id = ${orderId}`,
  );
  return row ? invoiceOfRow(row) : null;
}

/**
 * Issues the order's invoice number inside the caller's transaction (the order row locked first, so issuing
 * the same order twice at once gives one number), or returns the one it has. `issued` says whether it is new.
 */
export async function issueInvoice(tx: Tx, orderId: number, now = new Date()): Promise<Invoice & { issued: boolean }> {
  const [order] = await queryRows<{ status: string }>(tx, sql`select status from orders where id = ${orderId} for update`);
  if (!order) throw new AppError({ code: 'NOT_FOUND', message: 'orders.errors.notFound' });
  const existing = await invoiceOf(tx, orderId);
  if (existing) return { ...existing, issued: false };
  if (order.status === 'cancelled' && !(await wasPaid(tx, orderId)))
    throw new AppError({ code: 'VALIDATION', message: 'backoffice.documents.errors.cancelled' });
  const year = now.getUTCFullYear();
  const [counter] = await queryRows<{ last: number }>(
    tx,
    sql`insert into invoice_counters (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counters.last + 1 returning last`,
  );
  const [row] = await queryRows<{ order_id: number; year: number; number: number; issued_at: string }>(
    tx,
    sql`insert into invoices (order_id, year, number, issued_at) values (${orderId}, ${year}, ${counter!.last}, ${now.toISOString()}::timestamptz)
        returning order_id, year, number, issued_at`,
  );
  return { ...invoiceOfRow(row!), issued: true };
}

async function wasPaid(tx: Tx, orderId: number): Promise<boolean> {
  const [row] = await queryRows<{ payment_status: number }>(tx, sql`select payment_status from orders where id = ${orderId}`);
  return row?.payment_status === 1;
}

/** What a document page draws: the order in the caller's scope and its invoice (null before it is issued). */
export async function orderDocument(id: number, scope: Scope, db: Tx = getDb()): Promise<{ order: StaffOrder; invoice: Invoice | null }> {
  const order = await getStaffOrder(id, scope, db);
  return { order, invoice: await invoiceOf(db, id) };
}

/** `/admin/orders/{id}/packing-slip` and `/admin/orders/{id}/invoice`. */
export const orderDocumentQuery = defineQuery({
  name: 'orders.document',
  input: StaffOrderIdSchema,
  auth: { can: 'read:order' },
  run: ({ id }, _actor, scope) => orderDocument(id, scope),
});

/** `/admin/orders/packing-slips?ids=…` (and the seller's): the ticked orders' packing slips, in the caller's scope. */
export const packingSlipsQuery = defineQuery({
  name: 'orders.packing-slips',
  input: OrdersBulkSchema.pick({ ids: true }),
  auth: { can: 'read:order' },
  run: async ({ ids }, _actor, scope) => {
    const out: StaffOrder[] = [];
    for (const id of ids) out.push(await getStaffOrder(id, scope));
    return out;
  },
});
