import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { products, reviewImages, reviews, stores } from '@/server/db/schema';
import { offsetOf, toPaged, type Paged } from '@/server/catalog/product-paging';

export const REVIEWS_PER_PAGE = 5;

export interface ReviewItem {
  id: number;
  author: string;
  rating: number;
  review: string;
  created_at: string;
  images: string[];
  /** The store's public reply, shown under the review. */
  reply: { text: string; at: string; store: string } | null;
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
  // The store's name, read only when a review on the page has its reply.
  const [store] = rows.some((r) => r.reply)
    ? await db
        .select({ name: stores.name })
        .from(products)
        .innerJoin(stores, eq(stores.id, products.storeId))
        .where(eq(products.id, productId))
    : [];
  const data = rows.map((r) => ({
    id: r.id,
    author: r.authorName,
    rating: r.rating,
    review: r.review,
    created_at: r.createdAt.toISOString(),
    images: images.filter((i) => i.reviewId === r.id).map((i) => i.image),
    reply: r.reply ? { text: r.reply, at: (r.replyAt ?? r.createdAt).toISOString(), store: store?.name ?? '' } : null,
  }));
  return toPaged(data, page, perPage, Number(counted[0]?.n ?? 0));
}
