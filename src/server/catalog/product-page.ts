import { publicOrigin } from '@/server/core/origin';
import { getProductDetail, type ProductDetail } from '@/server/catalog/product-detail';
import { listSuggestedFor } from '@/server/catalog/suggested';
import { getReviewSummary, listReviews, REVIEWS_PER_PAGE, type ReviewItem, type ReviewSummary } from '@/server/reviews';
import type { Paged } from '@/server/catalog/product-paging';
import type { ProductCard } from '@/server/catalog/product-card';

export interface ProductPageData {
  product: ProductDetail;
  summary: ReviewSummary;
  /** Origin for canonical and OpenGraph URLs (configuration only, see core/origin.ts). */
  origin: string;
}

/** What the product page shows above the fold, by slug or id. Throws NOT_FOUND. */
export async function loadProductPage(ref: string): Promise<ProductPageData> {
  const product = await getProductDetail(ref);
  return { product, summary: await getReviewSummary(product.id), origin: publicOrigin() };
}

/** One page of the product's reviews (below the fold; the page loads it on its own). */
export const loadReviewsOf = (product: Pick<ProductDetail, 'id'>, page: number): Promise<Paged<ReviewItem>> =>
  listReviews(product.id, page, REVIEWS_PER_PAGE);

/** One page of products like this one (below the fold; the page loads it on its own). */
export const loadSuggestedFor = (product: ProductDetail, page: number): Promise<Paged<ProductCard>> =>
  listSuggestedFor(
    {
      id: product.id,
      categoryId: product.category.id,
      subCategoryId: product.sub_category?.id ?? null,
      storeId: product.store.id,
      brandId: product.brand?.id ?? null,
    },
    page,
  );
