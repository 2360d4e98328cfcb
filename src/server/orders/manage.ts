import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { notFound } from '@/server/core/errors';
import { storeIdsOf, type Scope } from '@/server/core/policy';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { COUNT_CAP, type Count } from '@/server/backoffice/attention';
import { detailOf, type OrderDetail } from '@/server/orders/by-user';
import { ORDER_STATUSES, TRANSITIONS, isOrderStatus, type OrderStatus } from '@/server/orders/transitions';
import type { OrdersQuery } from '@/lib/schemas/backoffice';
import { getSettings } from '@/server/settings';
import { addDays, dayStartIn, daysBetween } from '@/server/reports/period';

const shopTimeZone = async () => (await getSettings()).setting.time_zone;

/**
 * The back office's reads of orders (`/admin/orders`, `/seller/orders`), always inside the caller's scope: a
 * seller's query is limited to their stores, and an order of another store is 404 as if it did not exist.
 */

/** One row of the orders list. */
export interface OrderListRow {
  id: number;
  order_no: string;
  store_id: number;
  store_name: string;
  status: string;
  payment_status: number;
  payment_method: number;
  total: number;
  currency: string;
  email: string;
  customer: string;
  created_at: string;
  /** orders.version when the list was read: the bulk form sends it back, a ticked order changed since is skipped. */
  version: number;
}

/** The scope as a condition on `o.store_id` (nothing for every store; never true for a seller of no store). */
function inStores(scope: Scope): SQL | null {
  const ids = storeIdsOf(scope);
  if (ids === null) return null;
  return ids.length
    ? sql`o.store_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
}

/** `from`/`to` are days of the shop's time zone, as the reports count them (a report figure's link lists its orders). */
function filtersOf(query: OrdersQuery, scope: Scope, timeZone: string, withStatus = true): SQL[] {
  const where: (SQL | null)[] = [
    inStores(scope),
    withStatus && query.status ? sql`o.status = ${query.status}` : null,
    query.payment_status !== null ? sql`o.payment_status = ${query.payment_status}` : null,
    query.payment_method !== null ? sql`o.payment_method = ${query.payment_method}` : null,
    query.store_id !== null ? sql`o.store_id = ${query.store_id}` : null,
    // ISO text cast in SQL: postgres-js refuses a Date bound inside a raw query (the list answered 500 on PostgreSQL).
    query.from ? sql`o.created_at >= ${dayStartIn(timeZone, query.from)}::timestamptz` : null,
    query.to ? sql`o.created_at < ${dayStartIn(timeZone, addDays(query.to, 1))}::timestamptz` : null,
    query.q ? searchOf(query.q) : null,
  ];
  return where.filter((w): w is SQL => w !== null);
}

/** A whole email address (one "@", no space, a dot after it): looked up exactly, not as a piece. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Order number (exact, or its start), a piece of the order's email, a piece of the shopper's account (name, email,
 * phone), of the name on the order's address (a guest's order) or of the address's phone digits. Each way is one
 * indexed look-up (migrations 0022 and 0027, users_search_trgm_idx), joined into one set of ids: an OR over the
 * columns made PostgreSQL read every order (seconds at a million). A whole email address is one exact look-up of
 * lower(email) on the orders and on the accounts (orders_email_lower_idx of migration 0017, users_email_uq): as a piece, its
 * "@gmail.com" trigrams are shared by half the orders.
 */
function searchOf(q: string): SQL {
  if (WHOLE_EMAIL.test(q))
    return sql`o.id in (
      select id from orders where lower(email) = lower(${q})
      union select x.id from users u join orders x on x.user_id = u.id where lower(u.email) = lower(${q}))`;
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = `%${escaped}%`;
  const digits = q.replace(/\D/g, '');
  return sql`o.id in (
    select id from orders where order_no = ${q} or order_no like ${`${escaped}%`}
    union select id from orders where email ilike ${like}
    union select id from orders where (shipping_address ->> 'name') ilike ${like}
    union select x.id from users u join orders x on x.user_id = u.id
      where (u.name || ' ' || u.email || ' ' || coalesce(u.phone, '')) ilike ${like}
    ${digits.length >= 6 ? sql`union select id from orders where regexp_replace(coalesce(shipping_address ->> 'phone', ''), '\\D', '', 'g') like ${`%${digits}%`}` : sql``})`;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** The longest span of days (from and to both given) that the list reads through orders_created_idx and sorts. */
const SHORT_SPAN_DAYS = 31;

/**
 * Whether the days asked for are a short span with an end: then the list reads that span's orders by their date
 * (orders_created_idx) and sorts them, the `o.id + 0` keeping PostgreSQL off the primary key. Reading the key
 * backwards, its usual plan for "newest first", walked every order newer than the span before finding one in it
 * (0.3 to 0.7 s for a week four months back at 200,000 orders: it counts on matches being spread evenly).
 */
function shortPastSpan(query: OrdersQuery): boolean {
  if (!query.from || !query.to) return false;
  return daysBetween(query.from, query.to) <= SHORT_SPAN_DAYS + 1;
}

/** The orders list: newest first (or oldest), keyset pages on the id, the filters of DESIGN.md's contract. */
export async function listOrders(
  query: OrdersQuery,
  scope: Scope,
  db: Tx = getDb(),
): Promise<{ items: OrderListRow[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where = filtersOf(query, scope, await shopTimeZone());
  if (after) where.push(query.dir === 'asc' ? sql`o.id > ${after[0]}` : sql`o.id < ${after[0]}`);
  const rows = await queryRows<OrderListRow>(
    db,
    sql`select o.id, o.order_no, o.store_id, coalesce(s.name, '') as store_name, o.status, o.payment_status, o.payment_method,
          o.total, o.currency, o.email, coalesce(u.name, o.shipping_address->>'name', '') as customer, o.created_at, o.version
        from orders o left join stores s on s.id = o.store_id left join users u on u.id = o.user_id
        where ${and(where)}
        order by ${shortPastSpan(query) ? sql`o.id + 0` : sql`o.id`} ${query.dir === 'asc' ? sql`asc` : sql`desc`}
        limit ${query.per_page + 1}`,
  );
  const items = rows.map((r) => ({ ...r, total: Number(r.total), version: Number(r.version), created_at: new Date(r.created_at).toISOString() }));
  return pageOf(items, query.per_page, (r) => [r.id]);
}

/** The count per status for the tabs (with the other filters), each stopped at COUNT_CAP on orders_status_idx. */
export async function countByStatus(query: OrdersQuery, scope: Scope, db: Tx = getDb()): Promise<Record<OrderStatus, Count>> {
  const where = filtersOf(query, scope, await shopTimeZone(), false);
  const counts = {} as Record<OrderStatus, Count>;
  for (const status of ORDER_STATUSES) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from orders o where o.status = ${status} and ${and(where)} limit ${COUNT_CAP}) capped`,
    );
    const n = row?.n ?? 0;
    counts[status] = { count: n, capped: n >= COUNT_CAP };
  }
  return counts;
}

/** One order for the back office (DESIGN.md's contract): lines, shopper, addresses, payment, history, next steps. */
export interface StaffOrder extends OrderDetail {
  store_id: number;
  /** The order's version when read (orders.version): the screen's actions send it back, a stale one is refused. */
  version: number;
  email: string;
  customer: { id: number | null; name: string; email: string; phone: string | null };
  /** The statuses the order may move to now (transitions.ts). */
  next: OrderStatus[];
}

/** One order inside the scope, or 404. */
export async function getStaffOrder(id: number, scope: Scope, db: Tx = getDb()): Promise<StaffOrder> {
  const stores = inStores(scope);
  const [o] = await queryRows<Record<string, unknown>>(
    db,
    sql`select o.*, s.name as store_name, u.name as user_name, u.phone as user_phone
        from orders o left join stores s on s.id = o.store_id left join users u on u.id = o.user_id
        where o.id = ${id} ${stores ? sql`and ${stores}` : sql``}`,
  );
  if (!o) throw notFound('The order');
  const detail = await detailOf(db, o);
  const address = detail.shipping_address as { name?: string; phone?: string } | null;
  // A seller gets what shipping the order needs (its address, email and phone), not the shopper's account or billing.
  const seller = scope.kind === 'own';
  return {
    ...detail,
    ...(seller ? { billing_address: null } : {}),
    store_id: o.store_id as number,
    version: Number(o.version),
    email: o.email as string,
    customer: seller
      ? { id: null, name: address?.name ?? '', email: o.email as string, phone: address?.phone ?? null }
      : {
          id: (o.user_id as number | null) ?? null,
          name: (o.user_name as string | null) ?? address?.name ?? '',
          email: o.email as string,
          phone: (o.user_phone as string | null) ?? address?.phone ?? null,
        },
    next: isOrderStatus(detail.status) ? [...TRANSITIONS[detail.status]] : [],
  };
}
