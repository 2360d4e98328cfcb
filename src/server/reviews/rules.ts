/**
 * The rules of reviews as small pure functions (issue 21): who may review a line, how many photos a
 * review keeps after an edit, and the product's rating from its published reviews.
 */
import { REVIEW_MAX_IMAGES } from '@/lib/schemas/reviews';

/** What the service read about the order a review is for (null: no such order). */
export interface OrderForReview {
  userId: number | null;
  status: string;
  /** The order has a line of the product. */
  hasLine: boolean;
}

export type ReviewRefusal = 'notFound' | 'notInOrder' | 'notDelivered';

/**
 * Why `userId` may not review the product of this order, or null when they may: the order must be
 * theirs (someone else's is "not found", so ids reveal nothing), hold the product, and be delivered.
 */
export function reviewRefusal(order: OrderForReview | null, userId: number): ReviewRefusal | null {
  if (!order || order.userId !== userId) return 'notFound';
  if (!order.hasLine) return 'notInOrder';
  if (order.status !== 'delivered') return 'notDelivered';
  return null;
}

/** The photos an edit keeps and drops: only ids of this review's own photos can be dropped. */
export function splitImages<T extends { id: number }>(existing: T[], removeIds: number[]): { kept: T[]; dropped: T[] } {
  const remove = new Set(removeIds);
  return { kept: existing.filter((i) => !remove.has(i.id)), dropped: existing.filter((i) => remove.has(i.id)) };
}

/** True when the photos kept plus the ones sent stay within the limit (5). */
export const imagesFit = (kept: number, added: number, max = REVIEW_MAX_IMAGES) => kept + added <= max;

/**
 * The product's `rating` (numeric(3,2) text, the mean of published ratings rounded half up to 2
 * decimals, '0.00' without reviews) and `review_count`, from counts per star. Integer arithmetic, no
 * float drift: 14/3 → '4.67'.
 */
export function productRating(perStar: { rating: number; n: number }[]): { rating: string; count: number } {
  let count = 0;
  let sum = 0;
  for (const { rating, n } of perStar) {
    count += n;
    sum += rating * n;
  }
  if (count === 0) return { rating: '0.00', count: 0 };
  // Hundredths, rounded half up: floor((200·sum + count) / (2·count)).
  const hundredths = Math.floor((200 * sum + count) / (2 * count));
  return { rating: `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`, count };
}
