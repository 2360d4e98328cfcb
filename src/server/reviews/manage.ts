import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { recountProduct } from '@/server/reviews/save';
import { reviewNotFound } from '@/server/reviews/messages';
import type { ReviewsQuery } from '@/lib/schemas/moderation';

/**
 * Reviews in the back office (issue 34): the moderation list (reported first), hiding and showing a review with
 * the product's rating and count recounted in the same transaction, and a shopper's report (one per shopper).
 */

/** One row of the moderation list. */
export interface ModeratedReview {
  id: number;
  product_id: number;
  product_title: string;
  product_slug: string;
  author: string;
  author_email: string | null;
  rating: number;
  review: string;
  status: 'shown' | 'hidden';
  reports: number;
  hidden_reason: string | null;
  created_at: string;
}

const COLUMNS = sql`select r.id, r.product_id, p.title as product_title, p.slug as product_slug, r.author_name,
    u.email as author_email, r.rating, r.review, r.status, r.reports, r.hidden_reason, r.created_at
  from reviews r join products p on p.id = r.product_id left join users u on u.id = r.user_id`;

const rowOf = (r: Record<string, unknown>): ModeratedReview => ({
  id: Number(r.id),
  product_id: Number(r.product_id),
  product_title: String(r.product_title),
  product_slug: String(r.product_slug),
  author: String(r.author_name),
  author_email: (r.author_email as string | null) ?? null,
  rating: Number(r.rating),
  review: String(r.review),
  status: Number(r.status) === 1 ? 'shown' : 'hidden',
  reports: Number(r.reports),
  hidden_reason: (r.hidden_reason as string | null) ?? null,
  created_at: new Date(r.created_at as string).toISOString(),
});

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

function filtersOf(query: ReviewsQuery): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(sql`r.status = ${query.status === 'shown' ? 1 : 0}`);
  if (query.reported) where.push(sql`r.reports > 0`);
  if (query.rating !== null) where.push(sql`r.rating = ${query.rating}`);
  if (query.product_id !== null) where.push(sql`r.product_id = ${query.product_id}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(r.review ilike ${like} or r.author_name ilike ${like} or p.title ilike ${like})`);
  }
  return where;
}

/** The moderation list: reported reviews first (most reports first), then the newest; keyset pages on (reports, id). */
export async function listModeratedReviews(
  query: ReviewsQuery,
  db: Tx = getDb(),
): Promise<{ items: ModeratedReview[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 2);
  const where = filtersOf(query);
  if (after) where.push(sql`(r.reports, r.id) < (${Number(after[0])}, ${Number(after[1])})`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${COLUMNS}
        where ${and(where)}
        order by r.reports desc, r.id desc
        limit ${query.per_page + 1}`,
  );
  const items = rows.map(rowOf);
  return pageOf(items, query.per_page, (r) => [r.reports, r.id]);
}

/** What a visibility change did: the review before and after, its author's address, the product's new figures. */
export interface VisibilityChange {
  review: ModeratedReview;
  before: 'shown' | 'hidden';
  product: { rating: number; review_count: number };
}

/**
 * Shows or hides a review, with the reason; the product's rating and review count are recounted in the same
 * transaction (its row held so concurrent reviews wait). Showing a shown review (or hiding a hidden one) is a
 * 409 that changes nothing.
 */
export async function setReviewVisibility(tx: Tx, id: number, visible: boolean, reason: string): Promise<VisibilityChange> {
  const [row] = await queryRows<{ product_id: number; status: number }>(
    tx,
    sql`select product_id, status from reviews where id = ${id} for update`,
  );
  if (!row) throw reviewNotFound();
  const before = Number(row.status) === 1 ? 'shown' : 'hidden';
  if ((before === 'shown') === visible)
    throw new AppError({
      code: 'CONFLICT',
      message: visible ? 'backoffice.moderation.alreadyShown' : 'backoffice.moderation.alreadyHidden',
    });
  await tx.execute(sql`select id from products where id = ${row.product_id} for no key update`);
  await tx.execute(
    sql`update reviews set status = ${visible ? 1 : 0}, hidden_reason = ${visible ? null : reason}, moderated_at = now() where id = ${id}`,
  );
  const figures = await recountProduct(tx, Number(row.product_id));
  const [review] = (await listModeratedReviewById(tx, id)) as [ModeratedReview];
  return { review, before, product: { rating: Number(figures.rating), review_count: figures.count } };
}

async function listModeratedReviewById(tx: Tx, id: number): Promise<ModeratedReview[]> {
  const rows = await queryRows<Record<string, unknown>>(tx, sql`${COLUMNS} where r.id = ${id}`);
  return rows.map(rowOf);
}

/**
 * A shopper reports a shown review: one report per shopper and review (a second one changes nothing and says
 * so); the review's count of reports puts it first in moderation. A hidden or missing review is 404.
 */
export async function reportReview(userId: number, reviewId: number): Promise<{ review_id: number; reported: boolean }> {
  return getDb().transaction(async (tx) => {
    const [review] = await queryRows<{ id: number }>(tx, sql`select id from reviews where id = ${reviewId} and status = 1`);
    if (!review) throw reviewNotFound();
    const inserted = await queryRows<{ review_id: number }>(
      tx,
      sql`insert into review_reports (review_id, user_id) values (${reviewId}, ${userId})
          on conflict do nothing returning review_id`,
    );
    if (inserted.length) await tx.execute(sql`update reviews set reports = reports + 1 where id = ${reviewId}`);
    return { review_id: reviewId, reported: inserted.length > 0 };
  });
}
