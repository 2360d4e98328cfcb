import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase, TEST_DB } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { categories, reviews, stores } from '@/server/db/schema';
import { setReviewVisibility } from '@/server/reviews/manage';
import { makeProduct } from './cart-fixtures';

/**
 * reviews/manage.ts's product lock (issue 38, docs/mutation-testing.md run Z3), on PostgreSQL (two connections at
 * once; the embedded database runs one transaction at a time, so this file is left out of its run by
 * vitest.config.ts). Hiding a review recounts its product's rating; a review being written on that product at the
 * same moment holds the product's row. The hide waits for it before counting, so the new review is in the figures.
 * Without the lock (`select … for no key update` in setReviewVisibility) the hide counted first and then wrote its
 * stale figures over the new review's.
 */
useTestDatabase();

let productId = 0;
let hiddenLater = 0;

beforeAll(async () => {
  // Fails, not skips, on the wrong database.
  expect(TEST_DB).toBe('postgres');
  const [s] = await getDb().insert(stores).values({ name: 'Lock Store', slug: 'lock-store' }).returning();
  const [c] = await getDb().insert(categories).values({ slug: 'lock-cat', title: 'Cat' }).returning();
  productId = (await makeProduct({ storeId: s!.id, categoryId: c!.id })).id;
  const rows = await getDb()
    .insert(reviews)
    .values([
      { productId, userId: null, authorName: 'Ann', rating: 4, review: 'Good' },
      { productId, userId: null, authorName: 'Ben', rating: 2, review: 'Buy my stuff' },
    ])
    .returning({ id: reviews.id });
  hiddenLater = rows[1]!.id;
});

/** Until some connection of this database waits on a lock (the hide, queued behind the writer). */
async function someoneWaits() {
  for (let i = 0; i < 400; i++) {
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row!.n) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the hide never waited on a lock');
}

describe('hiding a review while another is written on its product (PostgreSQL)', () => {
  it('waits for the new review and counts it: the product shows 4.5 from 2 reviews, not 4 from 1', async () => {
    let locked!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    // A review being written: its transaction holds the product's row, as saving a review does.
    const writer = getDb().transaction(async (tx) => {
      await tx.execute(sql`select id from products where id = ${productId} for no key update`);
      locked();
      await released;
      await tx.insert(reviews).values({ productId, userId: null, authorName: 'Cleo', rating: 5, review: 'Arrived fast' });
    });
    await holding;
    const hide = getDb().transaction((tx) => setReviewVisibility(tx, hiddenLater, false, 'Advertising'));
    await someoneWaits();
    release();
    await writer;
    const hidden = await hide;

    expect(hidden.product).toEqual({ rating: 4.5, review_count: 2 });
    const [figures] = await queryRows<{ rating: string; review_count: number }>(
      getDb(),
      sql`select rating::text as rating, review_count from products where id = ${productId}`,
    );
    expect(figures).toEqual({ rating: '4.50', review_count: 2 });
  });
});
