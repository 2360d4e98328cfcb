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

type SummaryRow = {
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
  items: number | string | null;
  images: { title: string; image: string | null }[] | string | null;
};

/**
 * The columns of a summary, read from `page` (a CTE of orders): the store's name, and each order's item count
 * and first three pictures from one join on its lines — not two subqueries per order row.
 */
const summaryColumns = sql`p.id, p.order_no, p.status, p.payment_status, p.payment_method, p.store_id, s.name as store_name,
    p.total, p.currency, p.created_at, li.items, li.images`;
const summaryJoins = sql`left join stores s on s.id = p.store_id
  left join lateral (
    select coalesce(sum(l.quantity), 0) as items,
           json_agg(json_build_object('title', l.title, 'image', l.image) order by l.id) filter (where l.n <= 3) as images
    from (select id, title, image, quantity, row_number() over (order by id) as n from order_lines where order_id = p.id) l
  ) li on true`;

const summaryOf = (r: SummaryRow): OrderSummary => ({
  id: r.id,
  order_no: r.order_no,
  status: statusOf(r.status),
  status_code: STATUS_CODES[statusOf(r.status)],
  payment_status: r.payment_status,
  payment_method: r.payment_method,
  store: { id: r.store_id, name: r.store_name ?? '' },
  total: Number(r.total),
  currency: r.currency,
  items: Number(r.items ?? 0),
  images: typeof r.images === 'string' ? JSON.parse(r.images) : (r.images ?? []),
  created_at: iso(r.created_at),
});

/** The user's orders, newest first, one page: the API's listing shape `{data, current_page, last_page, per_page, total}`. */
export async function ordersOfUser(userId: number, page = 1, db: Tx = getDb()) {
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from orders where user_id = ${userId}`);
  const total = Number(count?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
  const current = Math.min(Math.max(1, page), lastPage);
  // The page's orders first, then their lines: the skipped rows of the OFFSET never reach the join.
  const rows = await queryRows<SummaryRow>(
    db,
    sql`with page as (select * from orders where user_id = ${userId} order by created_at desc, id desc
                      limit ${ORDERS_PER_PAGE} offset ${(current - 1) * ORDERS_PER_PAGE})
        select ${summaryColumns} from page p ${summaryJoins} order by p.created_at desc, p.id desc`,
  );
  return { data: rows.map(summaryOf), current_page: current, last_page: lastPage, per_page: ORDERS_PER_PAGE, total };
}

/** Where a page of the shopper's orders starts: the first page, the orders older than one, or those newer than one. */
export type OrdersCursor = { older: number } | { newer: number } | null;

/** One keyset page of the shopper's orders (the /user/orders page). */
export interface OrdersPage {
  data: OrderSummary[];
  /** Its number and the last one's, for "Page 2 of 50" (counted on the user's own orders, by index). */
  page: number;
  last_page: number;
  total: number;
  /** The link to the newer orders: 'first' for the first page, an order id to read newer than, or none. */
  newer: 'first' | number | null;
  /** The order id to read older than, or none (this is the last page). */
  older: number | null;
}

/**
 * The shopper's orders, newest first, ten a page, by keyset (DESIGN "Lists"): a page is the ten orders
 * older (or newer) than one of the user's orders, found through orders_user_idx — never OFFSET, so the
 * 50th page costs what the first does. The cursor is an order id: its key (created_at, id) is read from
 * the database, which keeps microsecond ties exact and lets nobody page through another person's orders
 * (a cursor that is not theirs gives the first page). One statement: the rows, their lines and pictures,
 * the user's count and the page's position.
 */
export async function orderPageOfUser(userId: number, cursor: OrdersCursor = null, db: Tx = getDb()): Promise<OrdersPage> {
  const cursorId = cursor ? ('older' in cursor ? cursor.older : cursor.newer) : null;
  const newerDirection = cursor !== null && 'newer' in cursor;
  const key = sql`(o.created_at, o.id)`;
  const where =
    cursorId === null
      ? sql``
      : newerDirection
        ? sql`and ${key} > (select created_at, id from cur)`
        : sql`and ${key} < (select created_at, id from cur)`;
  const order = newerDirection ? sql`o.created_at asc, o.id asc` : sql`o.created_at desc, o.id desc`;
  const rows = await queryRows<SummaryRow & { user_total: number | string; newer_count: number | string }>(
    db,
    sql`with cur as (select created_at, id from orders where id = ${cursorId ?? 0} and user_id = ${userId}),
        page as (select o.* from orders o where o.user_id = ${userId} ${where} order by ${order} limit ${ORDERS_PER_PAGE + 1})
        select ${summaryColumns},
          (select count(*) from orders where user_id = ${userId}) as user_total,
          (select count(*) from orders o, cur where o.user_id = ${userId} and ${key} > (cur.created_at, cur.id)) as newer_count
        from page p ${summaryJoins} order by p.created_at desc, p.id desc`,
  );
  // Stale or foreign cursors, and the newest orders reached from an older page: the first page itself.
  if (cursorId !== null && (rows.length === 0 || (newerDirection && rows.length <= ORDERS_PER_PAGE)))
    return orderPageOfUser(userId, null, db);
  const more = rows.length > ORDERS_PER_PAGE;
  // Newest first; read towards newer orders, the extra row (one page further) is the first.
  const shown = newerDirection ? rows.slice(rows.length - ORDERS_PER_PAGE) : rows.slice(0, ORDERS_PER_PAGE);
  const total = Number(rows[0]?.user_total ?? 0);
  const newerCount = Number(rows[0]?.newer_count ?? 0);
  // How many of the user's orders come before the first one shown.
  const position = cursorId === null ? 0 : newerDirection ? newerCount - shown.length : newerCount + 1;
  const page = Math.ceil(position / ORDERS_PER_PAGE) + 1;
  const lastPage = Math.max(page, page - 1 + Math.ceil((total - position) / ORDERS_PER_PAGE));
  const first = shown[0];
  const last = shown[shown.length - 1];
  return {
    data: shown.map(summaryOf),
    page,
    last_page: lastPage,
    total,
    newer: position === 0 || !first ? null : position <= ORDERS_PER_PAGE ? 'first' : first.id,
    older: (newerDirection ? true : more) && last ? last.id : null,
  };
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
    sql`select o.*, s.name as store_name, ${presenceColumns} from orders o left join stores s on s.id = o.store_id
        where o.id = ${orderId} and o.user_id = ${userId}`,
  );
  if (!o) throw new AppError({ code: 'NOT_FOUND', message: 'orders.errors.notFound' });
  return detailOf(db, o, presenceOf(o));
}

/** Which of an order's rarer parts exist at all; most orders have none, and each absent one is a query not made. */
export interface OrderParts {
  cancellation: boolean;
  shipments: boolean;
  refunds: boolean;
  returns: boolean;
}
/** The presence of each part, read with the order's row (`o`), each through its index. */
const presenceColumns = sql`exists (select 1 from cancellations c where c.order_id = o.id) as has_cancellation,
  exists (select 1 from shipments sh where sh.order_id = o.id) as has_shipments,
  exists (select 1 from payment_refunds r where r.order_id = o.id and r.kind = 'order') as has_refunds,
  exists (select 1 from order_returns rt where rt.order_id = o.id) as has_returns`;
const presenceOf = (o: Record<string, unknown>): OrderParts => ({
  cancellation: o.has_cancellation !== false,
  shipments: o.has_shipments !== false,
  refunds: o.has_refunds !== false,
  returns: o.has_returns !== false,
});
const ALL_PARTS: OrderParts = { cancellation: true, shipments: true, refunds: true, returns: true };

/**
 * The full order from its row (shared by the shopper's page and guest tracking). `parts`: which of the
 * cancellation, shipments, refunds and returns exist (read with the row); unknown, each is looked up.
 */
export async function detailOf(db: Tx, o: Record<string, unknown>, parts: OrderParts = ALL_PARTS): Promise<OrderDetail> {
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
  const cancellation = parts.cancellation ? await cancellationOf(db, id) : null;
  const shipments = parts.shipments ? await shipmentsOf(db, id) : [];
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
    refunds: parts.refunds ? await refundsOf(db, id) : [],
    returns: parts.returns ? await returnsOf(db, id) : [],
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
