import { publicOrigin } from '../http/origin';
import { getProductDetail, type ProductDetail } from './product-detail';
import { listSuggestedFor } from './suggested';
import { getReviewSummary, listReviews, REVIEWS_PER_PAGE, type ReviewItem, type ReviewSummary } from '../reviews';
import type { Paged } from './product-paging';
import type { ProductCard } from './product-card';

export interface ProductPageData {
  product: ProductDetail;
  summary: ReviewSummary;
  reviews: Paged<ReviewItem>;
  suggested: Paged<ProductCard>;
  /** Origin for canonical and OpenGraph URLs (configuration only, see http/origin.ts). */
  origin: string;
}

/** Everything the product page renders, by slug or id. Throws NOT_FOUND. */
export async function loadProductPage(ref: string, pages: { reviews: number; suggested: number }): Promise<ProductPageData> {
  const product = await getProductDetail(ref);
  const [summary, reviews, suggested] = await Promise.all([
    getReviewSummary(product.id),
    listReviews(product.id, pages.reviews, REVIEWS_PER_PAGE),
    listSuggestedFor(
      { id: product.id, categoryId: product.category.id, subCategoryId: product.sub_category?.id ?? null, storeId: product.store.id, brandId: product.brand?.id ?? null },
      pages.suggested,
    ),
  ]);
  return { product, summary, reviews, suggested, origin: publicOrigin() };
}
