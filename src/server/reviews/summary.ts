import { and, eq, sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { reviews } from '@/server/db/schema';

export interface ReviewSummary {
  /** Mean rating rounded to 2 decimals; 0 without reviews. */
  average: number;
  total: number;
  /** Star (1–5) → number of reviews with it. */
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
}

/** Average, total and count per star of a product's published reviews. */
export async function getReviewSummary(productId: number, db: Tx = getDb()): Promise<ReviewSummary> {
  const rows = await queryRows<{ rating: number; n: number }>(
    db,
    sql`
    select ${reviews.rating}::int as rating, count(*)::int as n from ${reviews}
    where ${and(eq(reviews.productId, productId), eq(reviews.status, 1))}
    group by ${reviews.rating}`,
  );
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as ReviewSummary['stars'];
  let total = 0;
  let sum = 0;
  for (const r of rows) {
    const star = Math.min(5, Math.max(1, Number(r.rating))) as 1 | 2 | 3 | 4 | 5;
    stars[star] += Number(r.n);
    total += Number(r.n);
    sum += star * Number(r.n);
  }
  return { average: total ? Math.round((sum / total) * 100) / 100 : 0, total, stars };
}
