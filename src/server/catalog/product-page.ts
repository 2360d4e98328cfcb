import { publicOrigin } from '@/server/core/origin';
import { getProductDetail, type ProductDetail } from '@/server/catalog/product-detail';
import { listSuggestedFor } from '@/server/catalog/suggested';
import { getReviewSummary, listReviews, REVIEWS_PER_PAGE, type ReviewItem, type ReviewSummary } from '@/server/reviews';
import type { Paged } from '@/server/catalog/product-paging';
import type { ProductCard } from '@/server/catalog/product-card';

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
      {
        id: product.id,
        categoryId: product.category.id,
        subCategoryId: product.sub_category?.id ?? null,
        storeId: product.store.id,
        brandId: product.brand?.id ?? null,
      },
      pages.suggested,
    ),
  ]);
  return { product, summary, reviews, suggested, origin: publicOrigin() };
}
