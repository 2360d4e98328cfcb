import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { products, reviewImages, reviews } from '@/server/db/schema';
import type { SessionUser } from '@/server/core/actor';
import { announceChange } from '@/server/core/invalidation';
import { log } from '@/server/core/logger.mjs';
import type { ReviewActionInput } from '@/lib/schemas/reviews';
import { imageError, fileOf } from '@/server/uploads/images';
import { prepareReviewImage, removeUploads, storeReviewImages, type PreparedImage } from '@/server/uploads/review-images';
import { imagesFit, productRating, reviewRefusal, splitImages, type OrderForReview } from '@/server/reviews/rules';
import { refusalError, tooManyImages } from '@/server/reviews/messages';

export interface SavedReview {
  id: number;
  order_id: number;
  product_id: number;
  rating: number;
  review: string;
  images: { id: number; url: string }[];
  /** True for a first review, false for an edit. */
  created: boolean;
  /** The product's figures after this review. */
  product: { rating: number; review_count: number };
}

/**
 * Writes the user's review of one line of their delivered order, or edits it when it exists (rating,
 * text, photos added and removed). Photos are checked and re-encoded before anything is written; the
 * review, its photos and the product's rating and count change in one transaction, and files written
 * for a change that fails are removed again.
 */
export async function saveReview(user: SessionUser, input: ReviewActionInput): Promise<SavedReview> {
  const sent = input.images.filter((v) => v !== '' && !(v instanceof File && v.size === 0));
  if (sent.some((v) => !fileOf(v))) throw imageError('images');
  if (!imagesFit(0, sent.length)) throw tooManyImages();
  const prepared: PreparedImage[] = [];
  for (const file of sent as File[]) prepared.push(await prepareReviewImage(file));

  const written: string[] = [];
  try {
    const { saved, dropped } = await getDb().transaction(async (tx) => {
      const order = await orderForReview(tx, input.order_id, input.product_id);
      const refusal = reviewRefusal(order, user.id);
      if (refusal) throw refusalError(refusal);
      // Concurrent reviews of one product wait here, so each recount below sees the others' rows.
      await tx.execute(sql`select id from ${products} where id = ${input.product_id} for no key update`);
      const [row] = await tx
        .insert(reviews)
        .values({
          productId: input.product_id,
          userId: user.id,
          orderId: input.order_id,
          authorName: user.name,
          rating: input.rating,
          review: input.review,
        })
        .onConflictDoUpdate({
          target: [reviews.userId, reviews.orderId, reviews.productId],
          set: { rating: input.rating, review: input.review },
        })
        .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });
      const reviewId = row!.id;
      const existing = await tx
        .select({ id: reviewImages.id, url: reviewImages.image })
        .from(reviewImages)
        .where(eq(reviewImages.reviewId, reviewId));
      const { kept, dropped } = splitImages(existing, input.remove_images);
      if (!imagesFit(kept.length, prepared.length)) throw tooManyImages();
      if (dropped.length)
        await tx.delete(reviewImages).where(
          and(
            eq(reviewImages.reviewId, reviewId),
            inArray(
              reviewImages.id,
              dropped.map((d) => d.id),
            ),
          ),
        );
      const urls = prepared.length ? await storeReviewImages(prepared) : [];
      written.push(...urls);
      const added = urls.length
        ? await tx
            .insert(reviewImages)
            .values(urls.map((image) => ({ reviewId, image })))
            .returning({ id: reviewImages.id, url: reviewImages.image })
        : [];
      const figures = await recountProduct(tx, input.product_id);
      const saved: SavedReview = {
        id: reviewId,
        order_id: input.order_id,
        product_id: input.product_id,
        rating: input.rating,
        review: input.review,
        images: [...kept, ...added],
        created: Boolean(row!.created),
        product: { rating: Number(figures.rating), review_count: figures.count },
      };
      return { saved, dropped };
    });
    await removeUploads(dropped.map((d) => d.url));
    await announceChange('reviews');
    return saved;
  } catch (err) {
    if (written.length) log.info({ files: written.length }, 'reviews: change refused or failed; removing the photos it wrote');
    await removeUploads(written);
    throw err;
  }
}

/** The order as the rules need it; its row is held (FOR SHARE) so its status cannot change meanwhile. */
async function orderForReview(tx: Tx, orderId: number, productId: number): Promise<OrderForReview | null> {
  const [order] = await queryRows<{ user_id: number | null; status: string; has_line: boolean }>(
    tx,
    sql`select o.user_id, o.status,
          exists(select 1 from order_lines l where l.order_id = o.id and l.product_id = ${productId}) as has_line
        from orders o where o.id = ${orderId} for share of o`,
  );
  return order
    ? { userId: order.user_id === null ? null : Number(order.user_id), status: order.status, hasLine: Boolean(order.has_line) }
    : null;
}

/** Sets the product's rating (mean of published reviews) and review count from its reviews. */
export async function recountProduct(tx: Tx, productId: number): Promise<{ rating: string; count: number }> {
  const perStar = await queryRows<{ rating: number; n: number }>(
    tx,
    sql`select ${reviews.rating}::int as rating, count(*)::int as n from ${reviews}
        where ${reviews.productId} = ${productId} and ${reviews.status} = 1 group by ${reviews.rating}`,
  );
  const figures = productRating(perStar.map((r) => ({ rating: Number(r.rating), n: Number(r.n) })));
  await tx.update(products).set({ rating: figures.rating, reviewCount: figures.count }).where(eq(products.id, productId));
  return figures;
}
