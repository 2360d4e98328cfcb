import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError, notFound } from '@/server/core/errors';
import { storeIdsOf, type Scope } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import type { StoreReviewsQuery } from '@/lib/schemas/replies';

/** A review of one of the store's products, with the store's reply, as the seller's screen shows it. */
export interface StoreReview {
  id: number;
  product_id: number;
  product_title: string;
  product_slug: string;
  store_id: number;
  author: string;
  rating: number;
  review: string;
  /** Hidden by the operator's moderation: not on the product page (nor its reply). */
  shown: boolean;
  created_at: string;
  reply: string | null;
  reply_at: string | null;
}

const COLUMNS = sql`select r.id, r.product_id, p.title as product_title, p.slug as product_slug, p.store_id, r.author_name,
    r.rating, r.review, r.status, r.created_at, r.reply, r.reply_at
  from reviews r join products p on p.id = r.product_id`;

const rowOf = (r: Record<string, unknown>): StoreReview => ({
  id: Number(r.id),
  product_id: Number(r.product_id),
  product_title: String(r.product_title),
  product_slug: String(r.product_slug),
  store_id: Number(r.store_id),
  author: String(r.author_name),
  rating: Number(r.rating),
  review: String(r.review),
  shown: Number(r.status) === 1,
  created_at: new Date(r.created_at as string).toISOString(),
  reply: (r.reply as string | null) ?? null,
  reply_at: r.reply_at ? new Date(r.reply_at as string).toISOString() : null,
});

/** The scope's products only: a seller's stores, or every store. */
function scoped(scope: Scope): SQL {
  const ids = storeIdsOf(scope);
  if (ids === null) return sql`true`;
  return ids.length
    ? sql`p.store_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
}

/** Reviews of the scope's products, newest first, by keyset pages; filters: replied or not, rating, search. */
export async function listStoreReviews(query: StoreReviewsQuery, scope: Scope, db: Tx = getDb()) {
  const after = decodeCursor(query.cursor, 1);
  const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const parts: SQL[] = [scoped(scope)];
  if (query.replied === 'yes') parts.push(sql`r.reply is not null`);
  if (query.replied === 'no') parts.push(sql`r.reply is null`);
  if (query.rating) parts.push(sql`r.rating = ${query.rating}`);
  if (query.q) parts.push(sql`(p.title ilike ${like} or r.review ilike ${like} or r.author_name ilike ${like})`);
  if (after) parts.push(sql`r.id < ${Number(after[0])}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${COLUMNS} where ${sql.join(parts, sql` and `)} order by r.id desc limit ${query.per_page + 1}`,
  );
  return pageOf(rows.map(rowOf), query.per_page, (r) => [r.id]);
}

/** One review of the scope's products, or 404 as if it did not exist. */
export async function getStoreReview(id: number, scope: Scope, db: Tx = getDb(), lock = false): Promise<StoreReview> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${COLUMNS} where r.id = ${id} and ${scoped(scope)}${lock ? sql` for update of r` : sql``}`,
  );
  if (!row) throw notFound('item');
  return rowOf(row);
}

/** Writes the store's one public reply to a review (a second write replaces it). */
export async function saveReply(
  input: { id: number; reply: string },
  actorId: number | null,
  { scope, tx, audit }: Access,
): Promise<StoreReview> {
  const before = await getStoreReview(input.id, scope, tx, true);
  await tx.execute(sql`update reviews set reply = ${input.reply}, reply_at = now(), reply_by = ${actorId} where id = ${input.id}`);
  const after = await getStoreReview(input.id, scope, tx);
  audit({ entity: 'review_reply', entityId: input.id, before: { reply: before.reply }, after: { reply: after.reply } });
  return after;
}

/** Takes the store's reply away. */
export async function deleteReply(input: { id: number }, { scope, tx, audit }: Access): Promise<StoreReview> {
  const before = await getStoreReview(input.id, scope, tx, true);
  if (before.reply === null) throw new AppError({ code: 'VALIDATION', message: 'backoffice.replies.errors.none' });
  await tx.execute(sql`update reviews set reply = null, reply_at = null, reply_by = null where id = ${input.id}`);
  audit({ entity: 'review_reply', entityId: input.id, before: { reply: before.reply }, after: { reply: null } });
  return { ...before, reply: null, reply_at: null };
}
