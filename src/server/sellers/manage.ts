import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError, notFound } from '@/server/core/errors';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import type { SellersQuery, StoresQuery } from '@/lib/schemas/moderation';

/**
 * Seller applications and stores in the back office (issue 34): the lists, refusing an application with a
 * reason, suspending and reinstating a store. Approval is `approveSellerIn` (sellers/approve.ts), the same as
 * the `seller:approve` command.
 */

export interface ApplicationRow {
  id: number;
  shop_name: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  /** pending (email not confirmed), verified (waiting for a decision), approved, rejected. */
  status: string;
  refused_reason: string | null;
  store_id: number | null;
  store_slug: string | null;
  /** The store's own state once approved: open or suspended. */
  store_status: 'open' | 'suspended' | null;
  created_at: string;
}

export interface StoreRow {
  id: number;
  slug: string;
  name: string;
  email: string | null;
  status: 'open' | 'suspended';
  suspended_reason: string | null;
  suspended_at: string | null;
  products: number;
  /** A new name and slug the seller asked for, waiting for the operator (issue 35); null: none. */
  pending_name: string | null;
  pending_slug: string | null;
  name_requested_at: string | null;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

const APPLICATION = sql`select a.id, a.shop_name, a.name, a.email, a.phone, a.address, a.status, a.refused_reason, a.store_id,
    a.created_at, s.slug as store_slug, s.status as store_state
  from sellers a left join stores s on s.id = a.store_id`;

const applicationOf = (r: Record<string, unknown>): ApplicationRow => ({
  id: Number(r.id),
  shop_name: String(r.shop_name),
  name: String(r.name),
  email: String(r.email),
  phone: (r.phone as string | null) ?? null,
  address: (r.address as string | null) ?? null,
  status: String(r.status),
  refused_reason: (r.refused_reason as string | null) ?? null,
  store_id: r.store_id === null ? null : Number(r.store_id),
  store_slug: (r.store_slug as string | null) ?? null,
  store_status: r.store_state === null || r.store_state === undefined ? null : Number(r.store_state) === 1 ? 'open' : 'suspended',
  created_at: iso(r.created_at)!,
});

/** Seller applications, newest first, by status and search (shop name, name, email); keyset pages on the id. */
export async function listApplications(
  query: SellersQuery,
  db: Tx = getDb(),
): Promise<{ items: ApplicationRow[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where: SQL[] = [];
  if (query.status) where.push(sql`a.status = ${query.status}`);
  if (query.q) {
    const like = likeOf(query.q);
    where.push(sql`(a.shop_name ilike ${like} or a.name ilike ${like} or a.email ilike ${like})`);
  }
  if (after) where.push(sql`a.id < ${Number(after[0])}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${APPLICATION} where ${and(where)} order by a.id desc limit ${query.per_page + 1}`,
  );
  return pageOf(rows.map(applicationOf), query.per_page, (r) => [r.id]);
}

/** One application, or 404. */
export async function getApplication(id: number, db: Tx = getDb()): Promise<ApplicationRow> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${APPLICATION} where a.id = ${id}`);
  if (!row) throw notFound('sellerApplication', { id });
  return applicationOf(row);
}

/** Refuses an application that is waiting (its email confirmed or not) with the reason; an approved or refused one is 409. */
export async function refuseApplication(tx: Tx, id: number, reason: string): Promise<{ before: string; application: ApplicationRow }> {
  const [row] = await queryRows<{ status: string }>(tx, sql`select status from sellers where id = ${id} for update`);
  if (!row) throw notFound('sellerApplication', { id });
  if (row.status !== 'pending' && row.status !== 'verified')
    throw new AppError({ code: 'CONFLICT', message: 'backoffice.sellers.notWaiting' });
  // The password chosen with the application is of no use any more: it is not kept.
  await tx.execute(
    sql`update sellers set status = 'rejected', refused_reason = ${reason}, refused_at = now(), password_hash = null,
          code_hash = null where id = ${id}`,
  );
  return { before: row.status, application: await getApplication(id, tx) };
}

const STORE = sql`select s.id, s.slug, s.name, s.email, s.status, s.suspended_reason, s.suspended_at, s.pending_name, s.pending_slug,
    s.name_requested_at,
    (select count(*) from products p where p.store_id = s.id)::int as products
  from stores s`;

const storeOf = (r: Record<string, unknown>): StoreRow => ({
  id: Number(r.id),
  slug: String(r.slug),
  name: String(r.name),
  email: (r.email as string | null) ?? null,
  status: Number(r.status) === 1 ? 'open' : 'suspended',
  suspended_reason: (r.suspended_reason as string | null) ?? null,
  suspended_at: iso(r.suspended_at),
  products: Number(r.products),
  pending_name: (r.pending_name as string | null) ?? null,
  pending_slug: (r.pending_slug as string | null) ?? null,
  name_requested_at: iso(r.name_requested_at),
});

/** Stores by name search and state (open, suspended), newest first; keyset pages on the id. */
export async function listStores(query: StoresQuery, db: Tx = getDb()): Promise<{ items: StoreRow[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where: SQL[] = [];
  if (query.status === 'renaming') where.push(sql`s.pending_name is not null`);
  else if (query.status) where.push(sql`s.status = ${query.status === 'open' ? 1 : 0}`);
  if (query.q) {
    const like = likeOf(query.q);
    where.push(sql`(s.name ilike ${like} or s.slug ilike ${like} or s.email ilike ${like})`);
  }
  if (after) where.push(sql`s.id < ${Number(after[0])}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${STORE} where ${and(where)} order by s.id desc limit ${query.per_page + 1}`,
  );
  return pageOf(rows.map(storeOf), query.per_page, (r) => [r.id]);
}

/**
 * Suspends (`open: false`, with the reason) or reinstates a store. Its products leave the storefront at once
 * (every storefront read keeps to open stores: catalog/on-sale.ts) and come back unchanged: nothing of the
 * products themselves is touched. A store already in that state is 409.
 */
export async function setStoreOpen(
  tx: Tx,
  id: number,
  open: boolean,
  reason: string | null,
): Promise<{ before: StoreRow; after: StoreRow }> {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`${STORE} where s.id = ${id} for update of s`);
  if (!row) throw notFound('theStore');
  const before = storeOf(row);
  if ((before.status === 'open') === open)
    throw new AppError({ code: 'CONFLICT', message: open ? 'backoffice.sellers.alreadyOpen' : 'backoffice.sellers.alreadySuspended' });
  await tx.execute(
    open
      ? sql`update stores set status = 1, suspended_at = null, suspended_reason = null where id = ${id}`
      : sql`update stores set status = 0, suspended_at = now(), suspended_reason = ${reason} where id = ${id}`,
  );
  const [after] = await queryRows<Record<string, unknown>>(tx, sql`${STORE} where s.id = ${id}`);
  return { before, after: storeOf(after!) };
}
