import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError, notFound } from '@/server/core/errors';
import { inScope, type Scope } from '@/server/core/policy';
import { trackingUrl, type Carrier } from '@/lib/carriers';
import { changeStatus, lockPurchase, type StatusChange } from '@/server/orders/life';

/**
 * Shipments (issue 32): an order's lines go out in one or several parcels, each with a carrier and a tracking
 * number. Never more of a line than was ordered; the order becomes `shipped` (through the transitions of
 * transitions.ts) when every line is.
 */

/** One parcel as the shopper's page, the tracker and the back office show it (DESIGN.md's contract). */
export interface Shipment {
  id: number;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  lines: { line_id: number; title: string; quantity: number }[];
  at: string;
}

/** What a shipment asks for: quantities of the order's lines. */
export interface ShipRequest {
  lines: { line_id: number; quantity: number }[];
  carrier: Carrier;
  tracking_number: string;
}

/** A shipment made: what its mail needs, and the order's move to `shipped` when it was the last. */
export interface Shipped {
  order_id: number;
  order_no: string;
  email: string;
  shipment: Shipment;
  /** Every line is now shipped: the order's status change (null while some are left). */
  change: StatusChange | null;
  complete: boolean;
}

/** Statuses from which an order may be shipped (those whose transitions lead to `shipped`). */
const SHIPPABLE = ['confirmed', 'picked_up'];

const refuse = (key: string, vars?: Record<string, unknown>) =>
  new AppError({ code: 'VALIDATION', message: `backoffice.shipments.errors.${key}`, vars });

/** The order's shipments, oldest first, with their lines and tracking links. */
export async function shipmentsOf(db: Tx, orderId: number): Promise<Shipment[]> {
  const rows = await queryRows<{
    id: number;
    carrier: string;
    tracking_number: string;
    created_at: string;
    line_id: number | null;
    title: string | null;
    quantity: number | null;
  }>(
    db,
    sql`select s.id, s.carrier, s.tracking_number, s.created_at, sl.order_line_id as line_id, l.title, sl.quantity
        from shipments s left join shipment_lines sl on sl.shipment_id = s.id left join order_lines l on l.id = sl.order_line_id
        where s.order_id = ${orderId} order by s.id, l.id`,
  );
  const byId = new Map<number, Shipment>();
  for (const r of rows) {
    let s = byId.get(r.id);
    if (!s) {
      s = {
        id: r.id,
        carrier: r.carrier,
        tracking_number: r.tracking_number,
        tracking_url: trackingUrl(r.carrier, r.tracking_number),
        lines: [],
        at: new Date(r.created_at).toISOString(),
      };
      byId.set(r.id, s);
    }
    if (r.line_id !== null) s.lines.push({ line_id: r.line_id, title: r.title ?? '', quantity: r.quantity ?? 0 });
  }
  return [...byId.values()];
}

/** Each line of the order with how many are ordered and already shipped. */
export async function lineProgress(db: Tx, orderId: number) {
  const rows = await queryRows<{ id: number; title: string; quantity: number; shipped: number | string }>(
    db,
    sql`select l.id, l.title, l.quantity, coalesce((select sum(sl.quantity) from shipment_lines sl where sl.order_line_id = l.id), 0) as shipped
        from order_lines l where l.order_id = ${orderId} order by l.id`,
  );
  return rows.map((r) => ({ ...r, shipped: Number(r.shipped) }));
}

/**
 * Ships lines of one order inside the caller's transaction: the purchase is locked first (two operators
 * shipping at once run one after the other, the second sees what the first shipped), every quantity is
 * checked against what is left, and the last parcel moves the order to `shipped`. `lines: 'rest'` ships
 * everything left (the bulk action).
 */
export async function shipOrder(
  tx: Tx,
  orderId: number,
  request: Omit<ShipRequest, 'lines'> & { lines: ShipRequest['lines'] | 'rest' },
  byUserId: number | null,
): Promise<Shipped> {
  const { order } = await lockPurchase(tx, orderId);
  if (!SHIPPABLE.includes(order.status)) {
    if (order.status === 'pending') throw refuse('confirmFirst');
    if (order.status === 'cancelled' || order.status === 'refunded') throw refuse('cancelled');
    throw refuse('allShipped');
  }
  const progress = await lineProgress(tx, orderId);
  const wanted = new Map<number, number>();
  if (request.lines === 'rest') {
    for (const l of progress) if (l.quantity > l.shipped) wanted.set(l.id, l.quantity - l.shipped);
  } else {
    for (const l of request.lines) wanted.set(l.line_id, (wanted.get(l.line_id) ?? 0) + l.quantity);
  }
  if (!wanted.size) throw refuse(request.lines === 'rest' ? 'allShipped' : 'nothingChosen');
  for (const [lineId, quantity] of wanted) {
    const line = progress.find((l) => l.id === lineId);
    if (!line) throw refuse('notThisOrder', { id: lineId });
    const left = line.quantity - line.shipped;
    if (quantity > left) throw refuse('tooMany', { title: line.title, left, quantity });
  }
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into shipments (order_id, carrier, tracking_number, created_by)
        values (${orderId}, ${request.carrier}, ${request.tracking_number}, ${byUserId}) returning id`,
  );
  for (const [lineId, quantity] of wanted)
    await tx.execute(sql`insert into shipment_lines (shipment_id, order_line_id, quantity) values (${row!.id}, ${lineId}, ${quantity})`);
  const complete = progress.every((l) => l.shipped + (wanted.get(l.id) ?? 0) >= l.quantity);
  const change = complete ? await changeStatus(orderId, 'shipped', null, tx) : null;
  const shipment = (await shipmentsOf(tx, orderId)).find((s) => s.id === row!.id)!;
  return { order_id: order.id, order_no: order.order_no, email: order.email, shipment, change, complete };
}

/** 404 unless the order is inside the caller's scope (a seller: their stores' orders only). */
export async function mustSeeOrder(tx: Tx, orderId: number, scope: Scope): Promise<void> {
  const [row] = await queryRows<{ store_id: number | null }>(tx, sql`select store_id from orders where id = ${orderId}`);
  if (!row || !inScope(scope, row.store_id)) throw notFound('The order');
}
