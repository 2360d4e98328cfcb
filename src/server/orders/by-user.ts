import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import type { AddressSnapshot } from '@/server/orders/addresses';
import { refundsOf, refundStateOf, type RefundState, type RefundView } from '@/server/orders/refunds';
import { returnsOf, returnUntil, type ReturnView } from '@/server/orders/returns';
import { shipmentsOf, type Shipment } from '@/server/orders/shipments';
import { cancelProblem, isOrderStatus, STATUS_CODES, trackerOf, type OrderStatus, type TrackerStep } from '@/server/orders/transitions';

export const ORDERS_PER_PAGE = 10;

/** One order in the shopper's list (`order/by-user`). */
export interface OrderSummary {
  id: number;
  order_no: string;
  status: OrderStatus;
  status_code: number;
  payment_status: number;
  payment_method: number;
  store: { id: number; name: string };
  total: number;
  currency: string;
  items: number;
  /** The first lines' pictures (at most 3). */
  images: { title: string; image: string | null }[];
  created_at: string;
}

export interface OrderHistoryEntry {
  status: string;
  status_code: number | null;
  at: string;
  note: string | null;
}

/** One order in full (`order/by-user?order_id=`), DESIGN's `{id, status, payment_status, lines, totals, history}` and more. */
export interface OrderDetail extends Omit<OrderSummary, 'images' | 'items'> {
  lines: {
    id: number;
    product_id: number | null;
    title: string;
    image: string | null;
    attributes: string;
    unit_price: number;
    quantity: number;
    line_total: number;
  }[];
  totals: { subtotal: number; shipping: number; discount: number; tax: number; total: number };
  shipping_type: number;
  shipping_address: AddressSnapshot | null;
  billing_address: AddressSnapshot | null;
  note: string;
  tracking_code: string;
  payment: { method: number; gateway: string; status: string; details: Record<string, string> | null } | null;
  history: OrderHistoryEntry[];
  tracker: TrackerStep[];
  cancellation: Cancellation | null;
  can_cancel: boolean;
  /** What the shop gave back, and whether that is part or all of what was paid (orders/refunds.ts). */
  refunded_total: number;
  refund_state: RefundState;
  refunds: RefundView[];
  /** The shopper's return requests (orders/returns.ts). */
  returns: ReturnView[];
  /** Until when a return may be asked (30 days after delivery, ISO), or null when the order was not delivered. */
  return_until: string | null;
  /** The parcels sent so far, with their carrier, tracking number and link (orders/shipments.ts). */
  shipments: Shipment[];
}

export interface Cancellation {
  id: number;
  order_id: number;
  reason: string;
  /** cancelled (nothing was paid), refund_pending (paid: the shop refunds it), refunded. */
  status: string;
  created_at: string;
}

const iso = (v: unknown) => new Date(v as string).toISOString();
const statusOf = (s: string): OrderStatus => (isOrderStatus(s) ? s : 'pending');

/** The user's orders, newest first, one page: the listing shape `{data, current_page, last_page, per_page, total}`. */
export async function ordersOfUser(userId: number, page = 1, db: Tx = getDb()) {
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from orders where user_id = ${userId}`);
  const total = Number(count?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = await queryRows<{
    id: number;
    order_no: string;
    status: string;
    payment_status: number;
    payment_method: number;
    store_id: number;
    store_name: string | null;
    total: number | string;
    currency: string;
    created_at: string;
    items: number | string;
    images: { title: string; image: string | null }[] | null;
  }>(
    db,
    sql`select o.id, o.order_no, o.status, o.payment_status, o.payment_method, o.store_id, s.name as store_name, o.total, o.currency, o.created_at,
          (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id) as items,
          (select json_agg(json_build_object('title', f.title, 'image', f.image)) from
             (select l.title, l.image from order_lines l where l.order_id = o.id order by l.id limit 3) f) as images
        from orders o left join stores s on s.id = o.store_id
        where o.user_id = ${userId} order by o.created_at desc, o.id desc
        limit ${ORDERS_PER_PAGE} offset ${(current - 1) * ORDERS_PER_PAGE}`,
  );
  const data: OrderSummary[] = rows.map((r) => ({
    id: r.id,
    order_no: r.order_no,
    status: statusOf(r.status),
    status_code: STATUS_CODES[statusOf(r.status)],
    payment_status: r.payment_status,
    payment_method: r.payment_method,
    store: { id: r.store_id, name: r.store_name ?? '' },
    total: Number(r.total),
    currency: r.currency,
    items: Number(r.items),
    images: typeof r.images === 'string' ? JSON.parse(r.images) : (r.images ?? []),
    created_at: iso(r.created_at),
  }));
  return { data, current_page: current, last_page: lastPage, per_page: ORDERS_PER_PAGE, total };
}

/** The status history of an order, oldest first. */
export async function historyOf(db: Tx, orderId: number): Promise<OrderHistoryEntry[]> {
  const rows = await queryRows<{ status: string; note: string | null; created_at: string }>(
    db,
    sql`select status, note, created_at from order_status_history where order_id = ${orderId} order by created_at, id`,
  );
  return rows.map((h) => ({
    status: h.status,
    status_code: isOrderStatus(h.status) ? STATUS_CODES[h.status] : null,
    at: iso(h.created_at),
    note: h.note,
  }));
}

/** The user's own order in full; anyone else's, or none, is 404. */
export async function orderOfUser(userId: number, orderId: number, db: Tx = getDb()): Promise<OrderDetail> {
  const [o] = await queryRows<Record<string, unknown>>(
    db,
    sql`select o.*, s.name as store_name from orders o left join stores s on s.id = o.store_id where o.id = ${orderId} and o.user_id = ${userId}`,
  );
  if (!o) throw new AppError({ code: 'NOT_FOUND', message: 'orders.errors.notFound' });
  return detailOf(db, o);
}

/** The full order from its row (shared by the shopper's page and guest tracking). */
export async function detailOf(db: Tx, o: Record<string, unknown>): Promise<OrderDetail> {
  const id = o.id as number;
  const lines = await queryRows<OrderDetail['lines'][number]>(
    db,
    sql`select id, product_id, title, image, attributes, unit_price, quantity, line_total from order_lines where order_id = ${id} order by id`,
  );
  const [payment] = await queryRows<NonNullable<OrderDetail['payment']>>(
    db,
    sql`select method, gateway, status, details from payments where order_no = ${o.order_no as string} order by id limit 1`,
  );
  const history = await historyOf(db, id);
  const cancellation = await cancellationOf(db, id);
  const shipments = await shipmentsOf(db, id);
  const status = statusOf(o.status as string);
  return {
    id,
    order_no: o.order_no as string,
    status,
    status_code: STATUS_CODES[status],
    payment_status: o.payment_status as number,
    payment_method: o.payment_method as number,
    store: { id: o.store_id as number, name: (o.store_name as string | null) ?? '' },
    total: Number(o.total),
    currency: o.currency as string,
    created_at: iso(o.created_at),
    lines: lines.map((l) => ({ ...l, unit_price: Number(l.unit_price), line_total: Number(l.line_total) })),
    totals: {
      subtotal: Number(o.subtotal),
      shipping: Number(o.shipping_total),
      discount: Number(o.discount),
      tax: Number(o.tax),
      total: Number(o.total),
    },
    shipping_type: o.shipping_type as number,
    shipping_address: (o.shipping_address as AddressSnapshot | null) ?? null,
    billing_address: (o.billing_address as AddressSnapshot | null) ?? null,
    note: (o.note as string) ?? '',
    tracking_code: o.tracking_code as string,
    payment: payment ?? null,
    history,
    tracker: trackerOf(status, history),
    cancellation,
    refunded_total: Number(o.refunded_total ?? 0),
    refund_state: refundStateOf(Number(o.refunded_total ?? 0), Number(o.total)),
    refunds: await refundsOf(db, id),
    returns: await returnsOf(db, id),
    return_until: returnUntil(history),
    can_cancel: cancelProblem(status) === null && shipments.length === 0,
    shipments,
  };
}

async function cancellationOf(db: Tx, orderId: number): Promise<Cancellation | null> {
  const [c] = await queryRows<Cancellation>(
    db,
    sql`select id, order_id, reason, status, created_at from cancellations where order_id = ${orderId}`,
  );
  return c ? { ...c, created_at: iso(c.created_at) } : null;
}

/** `cancellation/find/{id}`: the cancellation of the user's own order `orderId`; none, or not theirs: 404. */
export async function findCancellation(userId: number, orderId: number, db: Tx = getDb()): Promise<Cancellation> {
  const [own] = await queryRows<{ id: number }>(db, sql`select id from orders where id = ${orderId} and user_id = ${userId}`);
  const c = own ? await cancellationOf(db, orderId) : null;
  if (!c) throw new AppError({ code: 'NOT_FOUND', message: 'orders.errors.noCancellation' });
  return c;
}
