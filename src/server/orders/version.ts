import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';

/**
 * "This order changed, reload" (issue 32): two operators on one order never lose a change. The screen draws the
 * order with its version (orders.version, raised by the database on every change of the order, its shipments
 * or its returns: migration 0020) and its forms send it back; the action locks the order's row and refuses
 * (409) when the version moved on. The answer carries the current version; a plain form goes back to the order
 * page, drawn fresh, with the message.
 */
export async function mustBeOrderVersion(tx: Tx, orderId: number, version: number | undefined): Promise<void> {
  if (version === undefined) return;
  const [row] = await queryRows<{ version: number }>(tx, sql`select version from orders where id = ${orderId} for update`);
  if (row && Number(row.version) !== version) throw staleOrder(Number(row.version));
}

export const staleOrder = (current: number) =>
  new AppError({ code: 'CONFLICT', message: 'backoffice.orders.stale', details: { version: current } });

/** Whether a refund with this Idempotency-Key was made on the order already (its replay answers, whatever the version). */
export async function refundKeyUsed(tx: Tx, orderId: number, key: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from payment_refunds where order_id = ${orderId} and idempotency_key = ${key} limit 1`,
  );
  return rows.length > 0;
}

/**
 * The bulk actions' check (issue 32): the ticked orders are locked (in id order, so two bulk runs never deadlock)
 * and those whose version moved on since the list was drawn are returned, to be skipped and named. An order the
 * list sent no version of is acted on as it is now (a JSON client that sends none), still under the lock.
 */
export async function staleOrders(tx: Tx, ids: number[], versions: Map<number, number>): Promise<{ id: number; order_no: string }[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: number; order_no: string; version: number }>(
    tx,
    sql`select id, order_no, version from orders where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for update`,
  );
  return rows
    .filter((r) => versions.has(Number(r.id)) && versions.get(Number(r.id)) !== Number(r.version))
    .map((r) => ({ id: Number(r.id), order_no: r.order_no }));
}

/** Every ticked order changed since the list was drawn: nothing to do, the list must be reloaded (409). */
export const allStale = (skipped: { order_no: string }[]) =>
  new AppError({
    code: 'CONFLICT',
    message: 'ordersdesk.bulk.allStale',
    vars: { orders: skipped.map((s) => s.order_no).join(', ') },
    details: { skipped: skipped.map((s) => s.order_no) },
  });
