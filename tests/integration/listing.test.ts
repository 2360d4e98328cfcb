import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { browseListing, parseListingQuery } from '@/server/catalog/listing';
import { getFlashSale, listFlashSales } from '@/server/catalog/flash-sales';
import { isAppError } from '@/server/core/errors';

useTestDatabase({ demo: true });

const DAY = 86_400_000;
/** A small category whose prices we know, beside the demo shop (which keeps the queries honest at some size). */
const FIX = {
  cat: 'zz-fixture',
  sub: 'zz-fixture-sub',
  other: 'zz-fixture-other',
  brand: 'zz-brand',
  tag: 'zz-tag',
  collection: 'zz-collection',
};
const ids: Record<string, number> = {};

const browse = (q: Record<string, string>) => browseListing(parseListingQuery(q));
const slugs = (r: { result: { data: { slug: string }[] } }) => r.result.data.map((p) => p.slug);

async function expectAppError(fn: () => Promise<unknown>, code: string) {
  const err = await fn().then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(err), `expected AppError ${code}, got ${String(err)}`).toBe(true);
  expect((err as { code: string }).code).toBe(code);
  return err as Error;
}

beforeAll(async () => {
  const db = getDb();
  const now = Date.now();
  const [store] = await db.select({ id: t.stores.id }).from(t.stores).limit(1);
  const [cat] = await db.insert(t.categories).values({ slug: FIX.cat, title: 'Fixture category' }).returning();
  const [sub, other] = await db
    .insert(t.subCategories)
    .values([
      { categoryId: cat!.id, slug: FIX.sub, title: 'Fixture sub' },
      { categoryId: cat!.id, slug: FIX.other, title: 'Fixture other' },
    ])
    .returning();
  const [brand] = await db.insert(t.brands).values({ slug: FIX.brand, title: 'Fixture brand' }).returning();
  const [tag] = await db.insert(t.tags).values({ slug: FIX.tag, title: 'Fixture tag' }).returning();
  const base = { storeId: store!.id, categoryId: cat!.id, stock: 5 };
  // Current prices: flash 10.00, plain 20.00, offer 30.00, upcoming-flash 40.00 (its flash price is not live), plain 50.00.
  const rows = await db
    .insert(t.products)
    .values([
      {
        ...base,
        slug: 'zz-a',
        title: 'ZZ A',
        selling: 5000,
        subCategoryId: sub!.id,
        rating: '4.50',
        soldCount: 5,
        viewCount: 1,
        createdAt: new Date(now - 5 * DAY),
      },
      {
        ...base,
        slug: 'zz-b',
        title: 'ZZ B',
        selling: 9000,
        offered: 3000,
        subCategoryId: sub!.id,
        brandId: brand!.id,
        rating: '3.00',
        soldCount: 9,
        viewCount: 0,
        createdAt: new Date(now - 4 * DAY),
      },
      {
        ...base,
        slug: 'zz-c',
        title: 'ZZ C',
        selling: 8000,
        offered: 6000,
        subCategoryId: other!.id,
        brandId: brand!.id,
        rating: '5.00',
        soldCount: 5,
        viewCount: 7,
        createdAt: new Date(now - 3 * DAY),
      },
      {
        ...base,
        slug: 'zz-d',
        title: 'ZZ D',
        selling: 2000,
        subCategoryId: other!.id,
        rating: '2.00',
        soldCount: 0,
        viewCount: 50,
        createdAt: new Date(now - 2 * DAY),
      },
      { ...base, slug: 'zz-e', title: 'ZZ E', selling: 4000, rating: '1.00', createdAt: new Date(now - 1 * DAY), stock: 0 },
      { ...base, slug: 'zz-hidden', title: 'ZZ hidden', selling: 1, status: 0, createdAt: new Date(now) },
    ])
    .returning();
  for (const r of rows) ids[r.slug] = r.id;
  await db.insert(t.productTags).values([
    { productId: ids['zz-a']!, tagId: tag!.id },
    { productId: ids['zz-d']!, tagId: tag!.id },
    { productId: ids['zz-hidden']!, tagId: tag!.id },
  ]);
  const [col] = await db.insert(t.collections).values({ slug: FIX.collection, title: 'Fixture collection' }).returning();
  await db.insert(t.collectionProducts).values([
    { collectionId: col!.id, productId: ids['zz-b']! },
    { collectionId: col!.id, productId: ids['zz-e']! },
  ]);
  const [running, upcoming] = await db
    .insert(t.flashSales)
    .values([
      { slug: 'zz-running', title: 'Running', startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) },
      { slug: 'zz-upcoming', title: 'Upcoming', startsAt: new Date(now + DAY), endsAt: new Date(now + 2 * DAY) },
    ])
    .returning();
  await db.insert(t.flashSaleProducts).values([
    { flashSaleId: running!.id, productId: ids['zz-c']!, price: 1000 },
    { flashSaleId: upcoming!.id, productId: ids['zz-e']!, price: 100 },
  ]);
  Object.assign(ids, {
    cat: cat!.id,
    sub: sub!.id,
    other: other!.id,
    brand: brand!.id,
    tag: tag!.id,
    collection: col!.id,
    running: running!.id,
    upcoming: upcoming!.id,
  });
});

describe('category and subcategory listings', () => {
  it('lists only active products of the category, newest first, with totals', async () => {
    const r = await browse({ category: FIX.cat });
    expect(r.category?.slug).toBe(FIX.cat);
    expect(slugs(r)).toEqual(['zz-e', 'zz-d', 'zz-c', 'zz-b', 'zz-a']);
    expect(r.result).toMatchObject({ total: 5, current_page: 1, last_page: 1, per_page: 20 });
  });

  it('narrows to a subcategory of that category', async () => {
    const r = await browse({ category: FIX.cat, sub_category: FIX.other });
    expect(r.sub_category?.slug).toBe(FIX.other);
    expect(slugs(r).sort()).toEqual(['zz-c', 'zz-d']);
  });

  it('agrees with a plain count on a demo category', async () => {
    const [cat] = await getDb().select().from(t.categories).where(eq(t.categories.slug, 'cables'));
    const [{ n }] = (await getDb()
      .select({ n: count() })
      .from(t.products)
      .where(sql`${t.products.categoryId} = ${cat!.id} and ${t.products.status} = 1`)) as [{ n: number }];
    const r = await browse({ category: 'cables', per_page: '7' });
    expect(r.result.total).toBe(Number(n));
    expect(r.result.last_page).toBe(Math.ceil(Number(n) / 7));
  });

  it('says NOT_FOUND for an unknown category or a subcategory of another category', async () => {
    await expectAppError(() => browse({ category: 'no-such-category' }), 'NOT_FOUND');
    await expectAppError(() => browse({ category: 'cables', sub_category: FIX.sub }), 'NOT_FOUND');
  });
});

describe('sorting', () => {
  it('sorts by the current price: running flash, else offer, else selling; never an upcoming flash price', async () => {
    expect(slugs(await browse({ category: FIX.cat, sort: 'price_asc' }))).toEqual(['zz-c', 'zz-d', 'zz-b', 'zz-e', 'zz-a']);
    expect(slugs(await browse({ category: FIX.cat, sort: 'price_desc' }))).toEqual(['zz-a', 'zz-e', 'zz-b', 'zz-d', 'zz-c']);
  });

  it('pages through a price sort without overlap', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => browse({ category: FIX.cat, sort: 'price_asc', per_page: '2', page: String(page) })),
    );
    expect(pages.map(slugs)).toEqual([['zz-c', 'zz-d'], ['zz-b', 'zz-e'], ['zz-a']]);
    expect(pages.every((p) => p.result.total === 5 && p.result.last_page === 3)).toBe(true);
  });

  it('sorts by rating and by popularity (sold, then views)', async () => {
    expect(slugs(await browse({ category: FIX.cat, sort: 'rating' }))).toEqual(['zz-c', 'zz-a', 'zz-b', 'zz-d', 'zz-e']);
    expect(slugs(await browse({ category: FIX.cat, sort: 'popularity' }))).toEqual(['zz-b', 'zz-c', 'zz-a', 'zz-d', 'zz-e']);
  });

  it('prints the flash price on the tile it sorted by', async () => {
    const r = await browse({ category: FIX.cat, sort: 'price_asc', per_page: '1' });
    expect(r.result.data[0]).toMatchObject({ slug: 'zz-c', price: 1000, selling: 8000, offered: 6000 });
    expect(r.result.data[0]!.end_time).not.toBeNull();
  });
});

describe('filters', () => {
  it('filters by the current price in minor units, the one money unit of the API (as its prices are)', async () => {
    expect(slugs(await browse({ category: FIX.cat, min: '2000', max: '4000', sort: 'price_asc' }))).toEqual(['zz-d', 'zz-b', 'zz-e']);
    expect(slugs(await browse({ category: FIX.cat, max: '1000' }))).toEqual(['zz-c']);
    expect((await browse({ category: FIX.cat, min: '2001', max: '2999' })).result.total).toBe(0);
    // The bound is the same unit as `selling`/`offered`/`price` in the answer.
    const cheap = await browse({ category: FIX.cat, max: '1000' });
    expect(cheap.result.data.every((p) => (p.price ?? (p.offered > 0 ? p.offered : p.selling)) <= 1000)).toBe(true);
  });

  it('filters by stars and up', async () => {
    expect(slugs(await browse({ category: FIX.cat, rating: '4', sort: 'rating' }))).toEqual(['zz-c', 'zz-a']);
  });

  it('pages beyond the last answer an empty page, not an error', async () => {
    const r = await browse({ category: FIX.cat, page: '9' });
    expect(r.result).toMatchObject({ data: [], total: 5, current_page: 9, last_page: 1 });
  });

  it('finds nothing for a filter no product matches', async () => {
    const r = await browse({ category: FIX.cat, min: '99900' });
    expect(r.result).toMatchObject({ data: [], total: 0, last_page: 1 });
  });
});

describe('source keys, brand and collection', () => {
  it('category_ids and sub_category_ids', async () => {
    expect((await browse({ category_ids: String(ids.cat) })).result.total).toBe(5);
    expect(slugs(await browse({ sub_category_ids: `${ids.sub}`, sort: 'price_asc' }))).toEqual(['zz-b', 'zz-a']);
    expect((await browse({ sub_category_ids: `${ids.sub},${ids.other}` })).result.total).toBe(4);
  });

  it('tags by slug or id, never inactive products', async () => {
    expect(slugs(await browse({ tags: FIX.tag, sort: 'price_asc' }))).toEqual(['zz-d', 'zz-a']);
    expect(slugs(await browse({ tags: String(ids.tag), sort: 'price_asc' }))).toEqual(['zz-d', 'zz-a']);
    expect((await browse({ tags: 'no-such-tag' })).result.total).toBe(0);
  });

  it('brand_ids, brand and product_ids', async () => {
    expect(slugs(await browse({ brand_ids: String(ids.brand), sort: 'price_asc' }))).toEqual(['zz-c', 'zz-b']);
    const byBrand = await browse({ brand: String(ids.brand) });
    expect(byBrand.brand?.slug).toBe(FIX.brand);
    expect(byBrand.result.total).toBe(2);
    expect(slugs(await browse({ product_ids: `${ids['zz-a']},${ids['zz-hidden']}` }))).toEqual(['zz-a']);
  });

  it('collection', async () => {
    const r = await browse({ collection: String(ids.collection), sort: 'price_asc' });
    expect(r.collection?.title).toBe('Fixture collection');
    expect(slugs(r)).toEqual(['zz-b', 'zz-e']);
    await expectAppError(() => browse({ collection: '999999' }), 'NOT_FOUND');
    await expectAppError(() => browse({ brand: '999999' }), 'NOT_FOUND');
  });

  it('combines filters with AND', async () => {
    expect(slugs(await browse({ brand_ids: String(ids.brand), sub_category_ids: String(ids.sub) }))).toEqual(['zz-b']);
  });
});

describe('flash sales', () => {
  it('lists running sales before upcoming ones', async () => {
    const sales = await listFlashSales();
    const mine = sales.filter((s) => s.slug.startsWith('zz-'));
    expect(mine.map((s) => [s.slug, s.state])).toEqual([
      ['zz-running', 'running'],
      ['zz-upcoming', 'upcoming'],
    ]);
  });

  it('lists a sale’s products, with flash prices only while it runs', async () => {
    const running = await getFlashSale(ids.running!, parseListingQuery({}));
    expect(running.result.data.map((p) => [p.slug, p.price])).toEqual([['zz-c', 1000]]);
    const upcoming = await getFlashSale(ids.upcoming!, parseListingQuery({}));
    expect(upcoming.flash_sale.state).toBe('upcoming');
    expect(upcoming.result.data.map((p) => [p.slug, p.price])).toEqual([['zz-e', null]]);
    await expectAppError(() => getFlashSale(999999, parseListingQuery({})), 'NOT_FOUND');
  });
});

describe('bad input', () => {
  it('is a VALIDATION error with a message a person understands', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ min: '12.345' }, /minimum price must be a whole number of cents/],
      [{ min: '14.99' }, /minimum price must be a whole number of cents \(minor units\), like 1499/],
      [{ max: 'cheap' }, /maximum price/],
      [{ min: '1,000,000,000' }, /minimum price/],
      [{ max: '2147483648' }, /maximum price/],
      [{ tags: '9007199254740992' }, /tags/],
      [{ min: '5000', max: '1000' }, /minimum price must not be above the maximum/],
      [{ rating: '6' }, /from 1 to 5/],
      [{ sort: 'random' }, /Sort must be one of/],
      [{ page: '0' }, /Page must be/],
      [{ category_ids: '1,x' }, /category_ids/],
      [{ category: '../etc' }, /category/],
    ];
    for (const [query, message] of cases) {
      const err = await expectAppError(async () => browse(query), 'VALIDATION');
      expect(err.message).toMatch(message);
    }
  });
});
