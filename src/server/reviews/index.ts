import { getDb, type Tx } from '@/server/db/client';
import { notFound } from '@/server/core/errors';
import { findProductRow } from '@/server/catalog/product-detail';
import { getReviewSummary, type ReviewSummary } from '@/server/reviews/summary';
import { listReviews, REVIEWS_PER_PAGE, type ReviewItem } from '@/server/reviews/list';
import type { Paged } from '@/server/catalog/product-paging';

export { getReviewSummary, listReviews, REVIEWS_PER_PAGE, type ReviewSummary, type ReviewItem };

export interface ProductReviews {
  summary: ReviewSummary;
  reviews: Paged<ReviewItem>;
}

/** Summary and one page of reviews of a product given by slug or id. Throws NOT_FOUND. */
export async function getProductReviews(ref: string, page = 1, db: Tx = getDb()): Promise<ProductReviews> {
  const p = await findProductRow(ref, db);
  if (!p) throw notFound('thisProduct');
  const [summary, list] = await Promise.all([getReviewSummary(p.id, db), listReviews(p.id, page, REVIEWS_PER_PAGE, db)]);
  return { summary, reviews: list };
}
