import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { KNOWN_PRODUCTS as K } from '@/server/demo/known';
import { getProductReviews, REVIEWS_PER_PAGE } from '@/server/reviews';
import { listSuggestedProducts, SUGGESTED_PER_PAGE } from '@/server/catalog/suggested';
import { isAppError } from '@/server/core/errors';

useTestDatabase({ demo: true });

describe('reviews', () => {
  it('sums up ratings and pages through every review once, newest first', async () => {
    const [p] = await queryRows<{ slug: string; id: number }>(
      getDb(),
      sql`
      select p.slug, p.id from products p join reviews r on r.product_id = p.id
      group by p.id having count(*) > ${REVIEWS_PER_PAGE} order by count(*) desc, p.id limit 1`,
    );
    const [product] = await getDb().select().from(t.products).where(eq(t.products.id, p!.id));
    const ratings = (await getDb().select({ r: t.reviews.rating }).from(t.reviews).where(eq(t.reviews.productId, p!.id))).map((r) => r.r);
    // Add one with images so the list shows them.
    const [extra] = await getDb()
      .insert(t.reviews)
      .values({ productId: p!.id, authorName: 'Test Person', rating: 1, review: 'Broke fast', createdAt: new Date() })
      .returning();
    await getDb()
      .insert(t.reviewImages)
      .values([
        { reviewId: extra!.id, image: '/a.jpg' },
        { reviewId: extra!.id, image: '/b.jpg' },
      ]);
    ratings.push(1);

    const first = await getProductReviews(p!.slug, 1);
    expect(first.summary.total).toBe(ratings.length);
    expect(first.summary.average).toBe(Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100);
    for (const star of [1, 2, 3, 4, 5] as const) expect(first.summary.stars[star]).toBe(ratings.filter((r) => r === star).length);
    expect(Number(product!.rating)).toBeGreaterThan(0);

    expect(first.reviews.data[0]).toMatchObject({ author: 'Test Person', rating: 1, images: ['/a.jpg', '/b.jpg'] });
    expect(first.reviews.last_page).toBe(Math.ceil(ratings.length / REVIEWS_PER_PAGE));
    const seen: number[] = [];
    for (let page = 1; page <= first.reviews.last_page; page++) {
      const { reviews } = await getProductReviews(p!.slug, page);
      expect(reviews.current_page).toBe(page);
      seen.push(...reviews.data.map((r) => r.id));
      const dates = reviews.data.map((r) => Date.parse(r.created_at));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    }
    expect(seen).toHaveLength(ratings.length);
    expect(new Set(seen).size).toBe(ratings.length);
  });

  it('gives a product without reviews an empty summary', async () => {
    const [p] = await queryRows<{ slug: string }>(
      getDb(),
      sql`select slug from products p where not exists (select 1 from reviews r where r.product_id = p.id) limit 1`,
    );
    const { summary, reviews } = await getProductReviews(p!.slug);
    expect(summary).toEqual({ average: 0, total: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    expect(reviews).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('answers NOT_FOUND for an unknown product', async () => {
    const err = await getProductReviews('nope-not-here').catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('NOT_FOUND');
  });
});

describe('suggested products', () => {
  it('pages without overlap, never shows the product, and starts with the same sub-category', async () => {
    const [product] = await getDb().select().from(t.products).where(eq(t.products.slug, K.plain.slug));
    const first = await listSuggestedProducts(K.plain.slug, 1);
    expect(first.per_page).toBe(SUGGESTED_PER_PAGE);
    expect(first.total).toBeGreaterThan(SUGGESTED_PER_PAGE);
    expect(first.last_page).toBe(Math.ceil(first.total / SUGGESTED_PER_PAGE));
    const ids: number[] = [];
    for (let page = 1; page <= first.last_page; page++) {
      const r = await listSuggestedProducts(K.plain.slug, page);
      expect(r.data.length).toBeLessThanOrEqual(SUGGESTED_PER_PAGE);
      ids.push(...r.data.map((c) => c.id));
    }
    expect(ids).toHaveLength(first.total);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(product!.id);

    const rows = await getDb().select().from(t.products);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const rank = (id: number) => {
      const r = byId.get(id)!;
      if (r.subCategoryId === product!.subCategoryId) return 0;
      if (r.categoryId === product!.categoryId) return 1;
      return 2;
    };
    const ranks = ids.map(rank);
    expect([...ranks].sort()).toEqual(ranks);
    for (const id of ids) {
      const r = byId.get(id)!;
      const related =
        r.categoryId === product!.categoryId ||
        r.storeId === product!.storeId ||
        (product!.brandId !== null && r.brandId === product!.brandId);
      expect(related).toBe(true);
    }
    expect(first.data[0]).toMatchObject({ id: expect.any(Number), slug: expect.any(String), wishlisted: null });
  });

  it('answers an empty page past the end and NOT_FOUND for an unknown product', async () => {
    const r = await listSuggestedProducts(K.plain.slug, 999);
    expect(r.data).toEqual([]);
    const err = await listSuggestedProducts('nope-not-here').catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('NOT_FOUND');
  });
});

describe('product page loader', () => {
  it('gives the page the same suggestions and reviews as the API services', async () => {
    const { loadProductPage, loadReviewsOf, loadSuggestedFor } = await import('@/server/catalog/product-page');
    const data = await loadProductPage(K.plain.slug);
    expect(data.product.slug).toBe(K.plain.slug);
    expect(data.origin).toBe('http://127.0.0.1:4321');
    expect(await loadSuggestedFor(data.product, 2)).toEqual(await listSuggestedProducts(K.plain.slug, 2));
    const api = await getProductReviews(K.plain.slug, 2);
    expect(await loadReviewsOf(data.product, 2)).toEqual(api.reviews);
    expect(data.summary).toEqual(api.summary);
  });
});
