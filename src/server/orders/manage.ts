import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { notFound } from '@/server/core/errors';
import { storeIdsOf, type Scope } from '@/server/core/policy';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { indexedLike, likeRecheck } from '@/server/backoffice/like';
import { COUNT_CAP, type Count } from '@/server/backoffice/attention';
import { detailOf, type OrderDetail } from '@/server/orders/by-user';
import { ORDER_STATUSES, TRANSITIONS, isOrderStatus, type OrderStatus } from '@/server/orders/transitions';
import type { OrdersQuery } from '@/lib/schemas/backoffice';
import { getSettings } from '@/server/settings';
import { addDays, dayStartIn, daysBetween, todayIn } from '@/server/reports/period';

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
  ];
  return where.filter((w): w is SQL => w !== null);
}

/** A whole email address (one "@", no space, a dot after it): looked up exactly, not as a piece. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a search typed is matched against, in both of the ways below (the same rows either way). */
interface Search {
  q: string;
  whole: boolean;
  /** `%piece%` with `%`, `_` and `\` typed literally. */
  like: string;
  /** The order number's start, escaped the same way. */
  prefix: string;
  /** The phone's digits, searched when there are six or more. */
  digits: string;
  /** What the trigram indexes are asked for (indexedLike): the piece, or the longest run of digits in it. */
  indexed: string;
  /** The same for the accounts' searched text. */
  indexedAccount: string;
}

function searchFor(q: string): Search {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const digits = q.replace(/\D/g, '');
  const like = `%${escaped}%`;
  return {
    q,
    whole: WHOLE_EMAIL.test(q),
    like,
    prefix: `${escaped}%`,
    digits: digits.length >= 6 ? digits : '',
    indexed: indexedLike(q, 5) ?? like,
    indexedAccount: indexedLike(q, 3) ?? like,
  };
}

/** The address's phone reduced to its digits: the expression orders_phone_trgm_idx holds. */
const PHONE_DIGITS = sql`regexp_replace(coalesce(shipping_address ->> 'phone', ''), '\\D', '', 'g')`;

/**
 * The ids of the orders a search finds, through the indexes: order number (exact, or its start), a piece of the
 * order's email, a piece of the shopper's account (name, email, phone), of the name on the order's address (a
 * guest's order) or of the address's phone digits. Each way is one indexed look-up (migrations 0022, 0027, 0028,
 * users_search_trgm_idx), joined into one set of ids: an OR over the columns made PostgreSQL read every order
 * (seconds at a million). A whole email address is one exact look-up of lower(email) on the orders and on the
 * accounts (orders_email_lower_idx of migration 0017, users_email_uq): as a piece, its "@gmail.com" trigrams are
 * shared by half the orders.
 */
function searchIds(s: Search, doubles: 'distinct' | 'all' = 'distinct'): SQL {
  const union = doubles === 'all' ? sql`union all` : sql`union`;
  if (s.whole)
    return sql`select id from orders where lower(email) = lower(${s.q})
      ${union} select x.id from users u join orders x on x.user_id = u.id where lower(u.email) = lower(${s.q})`;
  return sql`select id from orders where order_no = ${s.q} or order_no like ${s.prefix}
    ${union} select id from orders where ${likeRecheck(sql`email`, s.indexed, s.like)}
    ${union} select id from orders where ${likeRecheck(sql`(shipping_address ->> 'name')`, s.indexed, s.like)}
    ${union} select x.id from users u join orders x on x.user_id = u.id
      where ${likeRecheck(sql`(u.name || ' ' || u.email || ' ' || coalesce(u.phone, ''))`, s.indexedAccount, s.like)}
    ${s.digits ? sql`${union} select id from orders where ${PHONE_DIGITS} like ${`%${s.digits}%`}` : sql``}`;
}

/**
 * The same search as searchIds, as a test of one order row `o` (for reading the orders in their list order). The
 * account is read by its key for each order that has one: an EXISTS here became a hashed look-up of every matching
 * account through the trigram index (30 ms of a 2,000-order walk for "Shopper 4242").
 */
function searchMatch(s: Search): SQL {
  if (s.whole)
    return sql`(lower(o.email) = lower(${s.q})
      or exists (select 1 from users u where u.id = o.user_id and lower(u.email) = lower(${s.q})))`;
  return sql`(o.order_no = ${s.q} or o.order_no like ${s.prefix}
    or o.email ilike ${s.like}
    or (o.shipping_address ->> 'name') ilike ${s.like}
    ${s.digits ? sql`or regexp_replace(coalesce(o.shipping_address ->> 'phone', ''), '\\D', '', 'g') like ${`%${s.digits}%`}` : sql``}
    or coalesce((select (u.name || ' ' || u.email || ' ' || coalesce(u.phone, '')) ilike ${s.like} from users u where u.id = o.user_id), false))`;
}

/**
 * How many orders (under the other filters, newest first from the page's start) a search reads in list order
 * before it asks the indexes instead. A piece many orders share ("gmail", a common first name) fills a page within
 * the newest few hundred; through the trigram indexes it reads and tests every match (8.7 s for "bench.te", which
 * every bench order holds, at a million). A rare piece is not found among them and goes to the indexes, which
 * answer it from a short list; a piece shared only by old orders ("buyer12" in the bench: 11,111 of the oldest)
 * pays both, 2,000 orders and then its matches.
 */
export const SEARCH_WALK_ROWS = 2000;

/** How a search is read: `auto` walks first, then the indexes; the other two force one way (the tests compare them). */
export type SearchPath = 'auto' | 'walk' | 'index';

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

const COLUMNS = sql`o.id, o.order_no, o.store_id, coalesce(s.name, '') as store_name, o.status, o.payment_status, o.payment_method,
  o.total, o.currency, o.email, coalesce(u.name, o.shipping_address->>'name', '') as customer, o.created_at, o.version`;

/**
 * The orders list: newest first (or oldest), keyset pages on the id, the filters of DESIGN.md's contract. A search
 * is read one of two ways with the same rows (`path` forces one, for the tests): first the orders in list order,
 * each tested, stopping when the page is full or after SEARCH_WALK_ROWS orders; when that did not fill the page,
 * the indexes' set of ids (searchIds), each of those orders then read by its key in list order.
 */
export async function listOrders(
  query: OrdersQuery,
  scope: Scope,
  db: Tx = getDb(),
  path: SearchPath = 'auto',
): Promise<{ items: OrderListRow[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where = filtersOf(query, scope, await shopTimeZone());
  if (after) where.push(query.dir === 'asc' ? sql`o.id > ${after[0]}` : sql`o.id < ${after[0]}`);
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`;
  const limit = query.per_page + 1;
  const read = (from: SQL, order: SQL) =>
    queryRows<OrderListRow>(
      db,
      sql`select ${COLUMNS} from ${from} left join stores s on s.id = o.store_id left join users u on u.id = o.user_id
          order by ${order} ${dir} limit ${limit}`,
    );
  let rows: OrderListRow[] | null = null;
  const search = query.q ? searchFor(query.q) : null;
  if (!search) {
    rows = await read(sql`(select * from orders o where ${and(where)}) o`, shortPastSpan(query) ? sql`o.id + 0` : sql`o.id`);
  } else {
    // A short span in the past is read by its date, not walked from the newest order; a whole email is two exact
    // look-ups; a piece with five digits in a row (an order number, a phone, "buyer123456") names few orders, and
    // walking would only add its price to the indexes'.
    const walk = path === 'walk' || (path === 'auto' && !search.whole && !/\d{5}/.test(search.q) && !shortPastSpan(query));
    if (walk) {
      // The subqueries keep their LIMITs, so the walk stops as soon as the page is full (a join above them may sort).
      const window =
        path === 'walk'
          ? sql`(select * from orders o where ${and(where)})`
          : sql`(select * from orders o where ${and(where)} order by o.id ${dir} limit ${SEARCH_WALK_ROWS})`;
      rows = await read(sql`(select * from ${window} o where ${searchMatch(search)} order by o.id ${dir} limit ${limit}) o`, sql`o.id`);
      if (path === 'auto' && rows.length < limit) rows = null;
    }
    if (!rows) {
      // The ids first, sorted, then each one's order by its key (OFFSET 0 keeps that lookup apart), until the page is
      // full. Written as a join, PostgreSQL walked the primary key testing each order against the ids: every order
      // newer than the match (0.4 to 1 s at a million orders for a piece that names one old order).
      rows = await queryRows<OrderListRow>(
        db,
        sql`with found as materialized (${searchIds(search)})
            select ${COLUMNS} from (select id from found order by id ${dir}) f
            cross join lateral (select * from orders o where o.id = f.id and ${and(where)} offset 0) o
            left join stores s on s.id = o.store_id left join users u on u.id = o.user_id
            order by f.id ${dir} limit ${limit}`,
      );
    }
  }
  const items = rows.map((r) => ({
    ...r,
    total: Number(r.total),
    version: Number(r.version),
    created_at: new Date(r.created_at).toISOString(),
  }));
  return pageOf(items, query.per_page, (r) => [r.id]);
}

/** The count per status for the tabs (with the other filters), each stopped at COUNT_CAP on orders_status_idx. */
export async function countByStatus(query: OrdersQuery, scope: Scope, db: Tx = getDb()): Promise<Record<OrderStatus, Count>> {
  const timeZone = await shopTimeZone();
  const where = filtersOf(query, scope, timeZone, false);
  if (query.q) return countSearched(searchFor(query.q), where, db);
  if (query.from && daysBetween(query.from, query.to ?? todayIn(timeZone)) <= SHORT_SPAN_DAYS + 1) return countSpan(where, db);
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

/**
 * The tabs' counts for a short span of days (a month at most), exactly, in one statement over the span's orders
 * (orders_created_idx, or orders_store_created_idx for one store). Per tab on orders_status_idx, as without dates, each
 * count walked its status's orders testing the date (every delivered order for a week four months back: 70–120 ms at
 * a million).
 */
async function countSpan(where: SQL[], db: Tx): Promise<Record<OrderStatus, Count>> {
  const rows = await queryRows<{ status: OrderStatus; n: number }>(
    db,
    sql`select o.status, count(*)::int as n from orders o where ${and(where)} group by o.status`,
  );
  const counts = {} as Record<OrderStatus, Count>;
  for (const status of ORDER_STATUSES) counts[status] = { count: rows.find((r) => r.status === status)?.n ?? 0, capped: false };
  return counts;
}

/**
 * How many rows of the indexes' look-ups the tabs' counts read for a search (an order found by two of them counts
 * twice here). Counting every match of a piece every order shares read and tested a million rows (seconds, seven
 * times: once a tab); the first SEARCH_COUNT_ROWS found are counted instead, and when there were more each tab says
 * "at least".
 */
export const SEARCH_COUNT_ROWS = 5000;

/**
 * The tabs' counts for a search: the indexes' look-ups one after the other (UNION ALL, so the reading stops at the
 * limit instead of gathering every match to remove the doubles first), the orders found then counted by status
 * under the other filters in one statement.
 */
async function countSearched(search: Search, where: SQL[], db: Tx): Promise<Record<OrderStatus, Count>> {
  const rows = await queryRows<{ status: OrderStatus | null; n: number; read: number }>(
    db,
    sql`with found as materialized (select id from (${searchIds(search, 'all')}) f limit ${SEARCH_COUNT_ROWS})
        select o.status, count(*)::int as n, (select count(*)::int from found) as read
        from (select distinct id from found) f join orders o on o.id = f.id
        where ${and(where)} group by o.status
        union all select null, 0, (select count(*)::int from found)`,
  );
  const capped = (rows[0]?.read ?? 0) >= SEARCH_COUNT_ROWS;
  const counts = {} as Record<OrderStatus, Count>;
  for (const status of ORDER_STATUSES) counts[status] = { count: rows.find((r) => r.status === status)?.n ?? 0, capped };
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
