import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { reviewImages, reviews } from '@/server/db/schema';
import { offsetOf, toPaged, type Paged } from '@/server/catalog/product-paging';

export const REVIEWS_PER_PAGE = 5;

export interface ReviewItem {
  id: number;
  author: string;
  rating: number;
  review: string;
  created_at: string;
  images: string[];
}

/** A product's published reviews, newest first, with their images, paged. */
export async function listReviews(productId: number, page = 1, perPage = REVIEWS_PER_PAGE, db: Tx = getDb()): Promise<Paged<ReviewItem>> {
  const where = and(eq(reviews.productId, productId), eq(reviews.status, 1));
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(perPage)
      .offset(offsetOf(page, perPage)),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  const images = rows.length
    ? await db
        .select()
        .from(reviewImages)
        .where(
          inArray(
            reviewImages.reviewId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(reviewImages.id))
    : [];
  const data = rows.map((r) => ({
    id: r.id,
    author: r.authorName,
    rating: r.rating,
    review: r.review,
    created_at: r.createdAt.toISOString(),
    images: images.filter((i) => i.reviewId === r.id).map((i) => i.image),
  }));
  return toPaged(data, page, perPage, Number(counted[0]?.n ?? 0));
}
