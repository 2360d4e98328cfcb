import { asc, inArray, sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { reviewImages } from '@/server/db/schema';
import { refusalError } from '@/server/reviews/messages';
import { reviewRefusal } from '@/server/reviews/rules';

export interface MyReview {
  id: number;
  rating: number;
  review: string;
  created_at: string;
  images: { id: number; url: string }[];
}

/** One product of the order (lines of the same product in several variants are one review). */
export interface ReviewLine {
  product_id: number;
  title: string;
  image: string | null;
  attributes: string;
  /** The product's page slug; null when the product left the catalogue. */
  slug: string | null;
  can_review: boolean;
  review: MyReview | null;
}

export interface OrderReviews {
  order_id: number;
  order_no: string;
  status: string;
  /** Delivered: every line may be reviewed (or its review edited). */
  can_review: boolean;
  lines: ReviewLine[];
}

/**
 * `rating-review/find/{order id}`: the user's order with, per product line, the user's review (or null);
 * `productId` narrows it to one line. Another user's order, or none, is NOT_FOUND.
 */
export async function findOrderReviews(userId: number, orderId: number, productId?: number, db: Tx = getDb()): Promise<OrderReviews> {
  const [order] = await queryRows<{ id: number; order_no: string; status: string; user_id: number | null }>(
    db,
    sql`select id, order_no, status, user_id from orders where id = ${orderId}`,
  );
  if (!order || Number(order.user_id) !== userId) throw refusalError('notFound');
  const lines = await queryRows<{ product_id: number; title: string; image: string | null; attributes: string; slug: string | null }>(
    db,
    sql`select distinct on (l.product_id) l.product_id, l.title, l.image, l.attributes, p.slug
        from order_lines l left join products p on p.id = l.product_id
        where l.order_id = ${orderId} and l.product_id is not null ${productId ? sql`and l.product_id = ${productId}` : sql``}
        order by l.product_id, l.id`,
  );
  const mine = await queryRows<{ id: number; product_id: number; rating: number; review: string; created_at: string | Date }>(
    db,
    sql`select id, product_id, rating, review, created_at from reviews where user_id = ${userId} and order_id = ${orderId}`,
  );
  const images = mine.length
    ? await db
        .select({ id: reviewImages.id, reviewId: reviewImages.reviewId, url: reviewImages.image })
        .from(reviewImages)
        .where(
          inArray(
            reviewImages.reviewId,
            mine.map((r) => Number(r.id)),
          ),
        )
        .orderBy(asc(reviewImages.id))
    : [];
  const canReview = reviewRefusal({ userId: Number(order.user_id), status: order.status, hasLine: true }, userId) === null;
  return {
    order_id: Number(order.id),
    order_no: order.order_no,
    status: order.status,
    can_review: canReview,
    lines: lines.map((l) => {
      const r = mine.find((m) => Number(m.product_id) === Number(l.product_id));
      return {
        product_id: Number(l.product_id),
        title: l.title,
        image: l.image,
        attributes: l.attributes,
        slug: l.slug,
        can_review: canReview,
        review: r
          ? {
              id: Number(r.id),
              rating: Number(r.rating),
              review: r.review,
              created_at: new Date(r.created_at).toISOString(),
              images: images.filter((i) => i.reviewId === Number(r.id)).map(({ id, url }) => ({ id, url })),
            }
          : null,
      };
    }),
  };
}
