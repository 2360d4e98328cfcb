import { getDb, type Tx } from '../db/client';
import { notFound } from '../http/errors';
import { findProductRow } from '../catalog/product-detail';
import { getReviewSummary, type ReviewSummary } from './summary';
import { listReviews, REVIEWS_PER_PAGE, type ReviewItem } from './list';
import type { Paged } from '../catalog/product-paging';

export { getReviewSummary, listReviews, REVIEWS_PER_PAGE, type ReviewSummary, type ReviewItem };

export interface ProductReviews {
  summary: ReviewSummary;
  reviews: Paged<ReviewItem>;
}

/** Summary and one page of reviews of a product given by slug or id. Throws NOT_FOUND. */
export async function getProductReviews(ref: string, page = 1, db: Tx = getDb()): Promise<ProductReviews> {
  const p = await findProductRow(ref, db);
  if (!p) throw notFound('This product');
  const [summary, list] = await Promise.all([getReviewSummary(p.id, db), listReviews(p.id, page, REVIEWS_PER_PAGE, db)]);
  return { summary, reviews: list };
}
