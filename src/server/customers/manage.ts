import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError, notFound } from '@/server/core/errors';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import type { CustomersQuery } from '@/lib/schemas/customers';
import { indexedLike, likeRecheck } from '@/server/backoffice/like';

/**
 * The back office's customers (issue 32): the shoppers' accounts (accounts that hold no back-office role),
 * searched and filtered at a million rows, one customer with everything the shop holds on them, and the
 * operator's moves: disable or enable sign-in, notes, a password reset mail (actions.ts), and GDPR's two
 * duties — export everything, erase on request (orders keep what the books need).
 */

export type CustomerState = 'active' | 'disabled' | 'erased';

export interface CustomerRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  status: CustomerState;
  orders: number;
  created_at: string;
}

export interface CustomerAddress {
  id: number;
  kind: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  is_default: boolean;
}

export interface CustomerOrder {
  id: number;
  order_no: string;
  status: string;
  payment_status: number;
  total: number;
  refunded_total: number;
  currency: string;
  created_at: string;
}

export interface CustomerReview {
  id: number;
  product_id: number;
  product: string;
  rating: number;
  review: string;
  shown: boolean;
  created_at: string;
}

export interface CustomerNote {
  id: number;
  note: string;
  author: string | null;
  created_at: string;
}

export interface CustomerDetail extends CustomerRow {
  email_verified: boolean;
  erased_at: string | null;
  /** What they paid, less what was given back (paid orders only), in minor units. */
  total_spent: number;
  /** Orders not yet at an end (delivered, cancelled, refunded) or with a return under way: erasure waits for them. */
  open_orders: number;
  addresses: CustomerAddress[];
  orders: number;
  recent_orders: CustomerOrder[];
  reviews: CustomerReview[];
  notes: CustomerNote[];
}

/** How many of their orders and reviews one customer's page shows (the rest: the orders list, searched by email). */
const SHOWN = 50;

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** A shopper: an account without a back-office role (owners, staff and sellers are managed under Staff). */
const IS_CUSTOMER = sql`cardinality(u.roles) = 0`;
/** The expression the trigram index users_search_trgm_idx holds. */
const SEARCHED = sql`(u.name || ' ' || u.email || ' ' || coalesce(u.phone, ''))`;
/** Statuses an order ends in. */
const ENDED = sql`('delivered', 'cancelled', 'refunded')`;

const stateOf = (r: Record<string, unknown>): CustomerState => (r.erased_at ? 'erased' : Number(r.status) === 1 ? 'active' : 'disabled');

const rowOf = (r: Record<string, unknown>): CustomerRow => ({
  id: Number(r.id),
  name: String(r.name),
  email: String(r.email),
  phone: (r.phone as string | null) ?? null,
  status: stateOf(r),
  orders: Number(r.orders ?? 0),
  created_at: iso(r.created_at)!,
});

const ROW = sql`select u.id, u.name, u.email, u.phone, u.status, u.erased_at, u.email_verified_at, u.created_at,
    (select count(*) from orders o where o.user_id = u.id)::int as orders
  from users u`;

/** Customers, newest first, by search (name, email, phone), state, whether they ordered, and sign-up days; keyset pages on the id. */
export async function listCustomers(
  query: CustomersQuery,
  db: Tx = getDb(),
): Promise<{ items: CustomerRow[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where: SQL[] = [IS_CUSTOMER];
  if (query.q) where.push(likeRecheck(SEARCHED, indexedLike(query.q, 3) ?? likeOf(query.q), likeOf(query.q)));
  if (query.status === 'active') where.push(sql`u.status = 1 and u.erased_at is null`);
  if (query.status === 'disabled') where.push(sql`u.status <> 1 and u.erased_at is null`);
  if (query.status === 'erased') where.push(sql`u.erased_at is not null`);
  if (query.orders === 'yes') where.push(sql`exists (select 1 from orders o where o.user_id = u.id)`);
  if (query.orders === 'no') where.push(sql`not exists (select 1 from orders o where o.user_id = u.id)`);
  if (query.from) where.push(sql`u.created_at >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  if (query.to) where.push(sql`u.created_at < ${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (after) where.push(sql`u.id < ${Number(after[0])}`);
  const rows = await queryRows<Record<string, unknown>>(db, sql`${ROW} where ${and(where)} order by u.id desc limit ${query.per_page + 1}`);
  return pageOf(rows.map(rowOf), query.per_page, (r) => [r.id]);
}

/** The customer's row locked for a change, or 404 (also for an account that holds a back-office role). */
export async function lockCustomer(tx: Tx, id: number): Promise<Record<string, unknown>> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select u.id, u.name, u.email, u.phone, u.status, u.erased_at from users u where u.id = ${id} and ${IS_CUSTOMER} for update`,
  );
  if (!row) throw notFound('customer', { id });
  return row;
}

/** One customer with their addresses, latest orders and reviews, total spent and the operators' notes; 404 if none. */
export async function getCustomer(id: number, db: Tx = getDb()): Promise<CustomerDetail> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${ROW} where u.id = ${id} and ${IS_CUSTOMER}`);
  if (!row) throw notFound('customer', { id });
  const [money] = await queryRows<{ spent: number | string | null; open: number }>(
    db,
    sql`select coalesce(sum(case when o.payment_status = 1 then o.total - o.refunded_total else 0 end), 0) as spent,
          count(*) filter (where o.status not in ${ENDED}
            or exists (select 1 from order_returns r where r.order_id = o.id and r.status in ('requested', 'approved', 'received'))
          )::int as open
        from orders o where o.user_id = ${id}`,
  );
  const addresses = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, kind, name, email, phone, country, state, city, zip, address_1, address_2, is_default
        from addresses where user_id = ${id} order by is_default desc, id`,
  );
  const orders = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, order_no, status, payment_status, total, refunded_total, currency, created_at
        from orders where user_id = ${id} order by created_at desc, id desc limit ${SHOWN}`,
  );
  const reviews = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.id, r.product_id, p.title as product, r.rating, r.review, r.status, r.created_at
        from reviews r join products p on p.id = r.product_id where r.user_id = ${id} order by r.id desc limit ${SHOWN}`,
  );
  const notes = await queryRows<Record<string, unknown>>(
    db,
    sql`select n.id, n.note, a.name as author, n.created_at
        from customer_notes n left join users a on a.id = n.author_id where n.user_id = ${id} order by n.id desc`,
  );
  return {
    ...rowOf(row),
    email_verified: Boolean(row.email_verified_at),
    erased_at: iso(row.erased_at),
    total_spent: Number(money?.spent ?? 0),
    open_orders: Number(money?.open ?? 0),
    addresses: addresses.map((a) => ({
      id: Number(a.id),
      kind: String(a.kind),
      name: String(a.name),
      email: String(a.email),
      phone: String(a.phone),
      address: [a.address_1, a.address_2, a.city, a.state, a.zip, a.country].filter(Boolean).join(', '),
      is_default: Boolean(a.is_default),
    })),
    recent_orders: orders.map((o) => ({
      id: Number(o.id),
      order_no: String(o.order_no),
      status: String(o.status),
      payment_status: Number(o.payment_status),
      total: Number(o.total),
      refunded_total: Number(o.refunded_total),
      currency: String(o.currency),
      created_at: iso(o.created_at)!,
    })),
    reviews: reviews.map((r) => ({
      id: Number(r.id),
      product_id: Number(r.product_id),
      product: String(r.product),
      rating: Number(r.rating),
      review: String(r.review),
      shown: Number(r.status) === 1,
      created_at: iso(r.created_at)!,
    })),
    notes: notes.map((n) => ({
      id: Number(n.id),
      note: String(n.note),
      author: (n.author as string | null) ?? null,
      created_at: iso(n.created_at)!,
    })),
  };
}

/** Disables (sign-in refused, every session ended at once) or enables a customer's sign-in; 409 when already so or erased. */
export async function setCustomerEnabled(
  tx: Tx,
  id: number,
  enabled: boolean,
): Promise<{ before: CustomerState; after: CustomerState; email: string }> {
  const row = await lockCustomer(tx, id);
  const before = stateOf(row);
  if (before === 'erased') throw new AppError({ code: 'CONFLICT', message: 'backoffice.customers.isErased' });
  if ((before === 'active') === enabled)
    throw new AppError({
      code: 'CONFLICT',
      message: enabled ? 'backoffice.customers.alreadyEnabled' : 'backoffice.customers.alreadyDisabled',
    });
  await tx.execute(sql`update users set status = ${enabled ? 1 : 0}, updated_at = now() where id = ${id}`);
  if (!enabled) await tx.execute(sql`delete from sessions where user_id = ${id}`);
  return { before, after: enabled ? 'active' : 'disabled', email: String(row.email) };
}

/** Adds an operator's note to a customer. */
export async function addCustomerNote(tx: Tx, id: number, authorId: number | null, note: string): Promise<{ id: number }> {
  await lockCustomer(tx, id);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into customer_notes (user_id, author_id, note) values (${id}, ${authorId}, ${note}) returning id`,
  );
  return { id: Number(row!.id) };
}

/**
 * Everything the shop holds on a person (GDPR's right of access), as one JSON document: the account (no
 * password hash, secret or token), addresses, saved cards (brand and last digits only), orders with their
 * lines, payments, shipments, refunds and returns, reviews, wishlist, cart, newsletter subscription,
 * contact messages and the operators' notes.
 */
export async function exportCustomer(id: number, db: Tx = getDb()): Promise<Record<string, unknown>> {
  const [account] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, name, email, phone, avatar, email_verified_at, status, erased_at, created_at, updated_at
        from users u where u.id = ${id} and ${IS_CUSTOMER}`,
  );
  if (!account) throw notFound('customer', { id });
  const email = String(account.email);
  const all = (query: SQL) => queryRows<Record<string, unknown>>(db, query);
  const orderIds = sql`(select id from orders where user_id = ${id})`;
  return {
    exported_at: new Date().toISOString(),
    account,
    addresses: await all(sql`select * from addresses where user_id = ${id} order by id`),
    saved_cards: await all(sql`select id, gateway, brand, last4, exp_month, exp_year, created_at from saved_cards where user_id = ${id}`),
    social_accounts: await all(sql`select provider, created_at from oauth_accounts where user_id = ${id}`),
    orders: await all(
      sql`select id, order_no, store_id, status, payment_status, payment_method, currency, subtotal, shipping_total, discount, tax, total,
            refunded_total, email, shipping_address, billing_address, note, created_at, updated_at
          from orders where user_id = ${id} order by id`,
    ),
    order_lines: await all(
      sql`select order_id, product_id, title, attributes, unit_price, quantity, shipping_price, line_total
          from order_lines where order_id in ${orderIds} order by order_id, id`,
    ),
    order_history: await all(
      sql`select order_id, status, note, created_at from order_status_history where order_id in ${orderIds} order by id`,
    ),
    payments: await all(sql`select * from payments where order_no in (select order_no from orders where user_id = ${id}) order by id`),
    shipments: await all(sql`select * from shipments where order_id in ${orderIds} order by id`),
    returns: await all(sql`select * from order_returns where order_id in ${orderIds} or user_id = ${id} order by id`),
    reviews: await all(
      sql`select id, product_id, order_id, author_name, rating, review, status, created_at from reviews where user_id = ${id}`,
    ),
    wishlist: await all(sql`select * from wishlists where user_id = ${id}`),
    compare_list: await all(sql`select * from compare_lists where user_id = ${id}`),
    cart: await all(sql`select l.* from cart_lines l join carts c on c.id = l.cart_id where c.user_id = ${id}`),
    newsletter: await all(
      sql`select email, confirmed_at, unsubscribed_at, created_at from newsletter_subscribers where lower(email) = lower(${email})`,
    ),
    contact_messages: await all(sql`select * from contact_messages where lower(email) = lower(${email}) order by id`),
    notes: await all(sql`select id, note, created_at from customer_notes where user_id = ${id} order by id`),
  };
}

/** What an erased person's name becomes in every row that keeps one. */
export const ERASED_NAME = 'Erased customer';

/**
 * Erases a person on request (GDPR's right to erasure): their name, email, phone and addresses leave every
 * table — the account (kept, disabled, for their orders' link), addresses, orders' contact and addresses
 * (the country and state stay for the tax books), reviews' author name, notes, sessions, tokens, cards,
 * social links, wishlist, cart, newsletter, contact messages and mails not yet sent. Orders keep their lines
 * and money rows. Refused (409) while an order is open or a return is under way.
 */
export async function eraseCustomer(tx: Tx, id: number): Promise<{ email: string; orders: number }> {
  const row = await lockCustomer(tx, id);
  if (row.erased_at) throw new AppError({ code: 'CONFLICT', message: 'backoffice.customers.isErased' });
  const email = String(row.email);
  const [open] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from orders o
        where (o.user_id = ${id} or lower(o.email) = lower(${email}))
          and (o.status not in ${ENDED}
            or exists (select 1 from order_returns r where r.order_id = o.id and r.status in ('requested', 'approved', 'received')))`,
  );
  if (Number(open?.n ?? 0) > 0)
    throw new AppError({ code: 'CONFLICT', message: 'backoffice.customers.openOrders', vars: { n: Number(open!.n) } });
  const gone = `erased-${id}@erased.invalid`;
  // The books keep where an order was taxed, nothing that names or reaches the person.
  const place = (column: SQL) =>
    sql`case when ${column} is null then null else jsonb_build_object('country', ${column}->'country', 'state', ${column}->'state') end`;
  const orders = await queryRows<{ id: number }>(
    tx,
    sql`update orders set email = ${gone}, shipping_address = ${place(sql`shipping_address`)}, billing_address = ${place(sql`billing_address`)},
          note = '', user_id = ${id}
        where user_id = ${id} or lower(email) = lower(${email}) returning id`,
  );
  await tx.execute(sql`update reviews set author_name = ${ERASED_NAME} where user_id = ${id}`);
  await tx.execute(sql`delete from addresses where user_id = ${id}`);
  await tx.execute(sql`delete from sessions where user_id = ${id}`);
  await tx.execute(sql`delete from user_tokens where user_id = ${id}`);
  await tx.execute(sql`delete from oauth_accounts where user_id = ${id}`);
  await tx.execute(sql`delete from saved_cards where user_id = ${id}`);
  await tx.execute(sql`delete from recovery_codes where user_id = ${id}`);
  await tx.execute(sql`delete from customer_notes where user_id = ${id}`);
  await tx.execute(sql`delete from wishlists where user_id = ${id}`);
  await tx.execute(sql`delete from carts where user_id = ${id}`);
  await tx.execute(sql`delete from compare_lists where user_id = ${id}`);
  await tx.execute(sql`delete from newsletter_subscribers where lower(email) = lower(${email})`);
  await tx.execute(sql`delete from contact_messages where lower(email) = lower(${email})`);
  await tx.execute(sql`delete from mail_outbox where lower("to") = lower(${email}) and status in ('waiting', 'failed', 'sent')`);
  await tx.execute(
    sql`update users set name = ${ERASED_NAME}, email = ${gone}, phone = null, password_hash = null, avatar = null, totp_secret = null,
          totp_enabled_at = null, email_verified_at = null, status = 0, erased_at = now(), updated_at = now()
        where id = ${id}`,
  );
  return { email, orders: orders.length };
}
