import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { browseListing } from '@/server/catalog/listing';
import { getProductDetail } from '@/server/catalog/product-detail';
import { cardPriceOf } from '@/lib/price';
import type { ListingFilters } from '@/lib/listing-filters';

useTestDatabase();

/**
 * Issue 11 item 4: one figure per product everywhere. Tiles show the cheapest variant ("from") when
 * variants differ, and sorting and price filters use that same figure. Filters are built in cents
 * (ListingFilters), so this test does not depend on how a URL spells an amount.
 */
const CAT = 'zz-card-price';
const listing = (extra: Partial<ListingFilters> = {}) =>
  browseListing({ sort: 'price_asc', page: 1, perPage: 50, category: CAT, ...extra });

beforeAll(async () => {
  const db = getDb();
  const [store] = await db.insert(t.stores).values({ slug: 'zz-card-store', name: 'Card store' }).returning();
  const [cat] = await db.insert(t.categories).values({ slug: CAT, title: 'Card prices' }).returning();
  const base = { storeId: store!.id, categoryId: cat!.id, stock: 5 };
  const rows = await db
    .insert(t.products)
    .values([
      { ...base, slug: 'zz-plain-30', title: 'Plain 30', selling: 3000 },
      { ...base, slug: 'zz-variants-from-21', title: 'Variants from 21.99', selling: 5000 },
      { ...base, slug: 'zz-plain-25', title: 'Plain 25', selling: 2500 },
      { ...base, slug: 'zz-offer-variants-15', title: 'Offer with variants from 15', selling: 4000, offered: 1000 },
      { ...base, slug: 'zz-same-variants-12', title: 'Variants all 12', selling: 1200 },
    ])
    .returning();
  const id = (slug: string) => rows.find((r) => r.slug === slug)!.id;
  const [attr] = await db.insert(t.attributes).values({ title: 'ZZ Size' }).returning();
  const values = await db
    .insert(t.attributeValues)
    .values([
      { attributeId: attr!.id, title: 'S' },
      { attributeId: attr!.id, title: 'L' },
    ])
    .returning();
  const variants: [string, number[]][] = [
    ['zz-variants-from-21', [0, 2199]],
    ['zz-offer-variants-15', [1500, 1800]],
    ['zz-same-variants-12', [0, 0]],
  ];
  for (const [slug, prices] of variants) {
    const invs = await db
      .insert(t.inventories)
      .values(prices.map((price, i) => ({ productId: id(slug), sku: `${slug}-${i}`, price, quantity: 3 })))
      .returning();
    await db.insert(t.inventoryAttributes).values(invs.map((inv, i) => ({ inventoryId: inv.id, attributeValueId: values[i]!.id })));
  }
});

describe('the price a tile shows, and what sorts and filters by price use', () => {
  it('gives each card the rule\'s figure, "from" the cheapest variant when variants differ', async () => {
    const { result } = await listing();
    const bySlug = Object.fromEntries(result.data.map((p) => [p.slug, p]));
    expect(bySlug['zz-variants-from-21']).toMatchObject({ current_price: 2199, price_from: true, variant_prices: [0, 2199] });
    expect(bySlug['zz-offer-variants-15']).toMatchObject({ current_price: 1500, price_from: true });
    expect(bySlug['zz-same-variants-12']).toMatchObject({ current_price: 1200, price_from: false });
    for (const p of result.data) {
      const rule = cardPriceOf({
        selling: p.selling,
        offered: p.offered,
        flashPrice: p.price,
        endTime: p.end_time,
        variantPrices: p.variant_prices,
      });
      expect(p.current_price, p.slug).toBe(rule.current);
    }
  });

  it('sorts by that figure, both ways', async () => {
    const up = (await listing()).result.data;
    expect(up.map((p) => p.slug)).toEqual([
      'zz-same-variants-12',
      'zz-offer-variants-15',
      'zz-variants-from-21',
      'zz-plain-25',
      'zz-plain-30',
    ]);
    const down = (await listing({ sort: 'price_desc' })).result.data;
    expect(down.map((p) => p.current_price)).toEqual([3000, 2500, 2199, 1500, 1200]);
  });

  it('filters by that figure', async () => {
    expect((await listing({ min: 2000 })).result.data.map((p) => p.slug)).toEqual(['zz-variants-from-21', 'zz-plain-25', 'zz-plain-30']);
    expect((await listing({ max: 1600 })).result.data.map((p) => p.slug)).toEqual(['zz-same-variants-12', 'zz-offer-variants-15']);
    expect((await listing({ min: 1500, max: 2199 })).result.total).toBe(2);
  });

  it('is what the product page (and its JSON-LD and API) starts from', async () => {
    const detail = await getProductDetail('zz-variants-from-21');
    expect(detail).toMatchObject({ current_price: 2199, price_from: true });
  });
});

/**
 * Issue 39: the price sorts walk products.list_price (kept by triggers, migration 0034) and reorder only the first
 * page × perPage of them plus the products of running flash sales. The column must be the card's figure without a
 * flash sale after every kind of change, and the pages must be those of ordering every product.
 */
describe('the list price the price sorts walk', () => {
  const listPrices = async () =>
    Object.fromEntries(
      (
        await getDb()
          .select({ slug: t.products.slug, price: t.products.listPrice })
          .from(t.products)
          .where(sql`${t.products.slug} like 'zz-%'`)
      ).map((r) => [r.slug, r.price]),
    );
  const expectCardsAgree = async () => {
    const cards = (await listing()).result.data;
    const stored = await listPrices();
    for (const p of cards) expect(stored[p.slug], p.slug).toBe(p.current_price);
    return cards;
  };
  const idOf = async (slug: string) =>
    (await getDb().select({ id: t.products.id }).from(t.products).where(eq(t.products.slug, slug)))[0]!.id;
  const variantsOf = async (slug: string) =>
    getDb()
      .select()
      .from(t.inventories)
      .where(eq(t.inventories.productId, await idOf(slug)))
      .orderBy(t.inventories.id);

  it('is the card figure as made, and follows the product, its variants and their attributes', async () => {
    await expectCardsAgree();
    const db = getDb();
    // The product's own prices.
    await db.update(t.products).set({ offered: 2000 }).where(eq(t.products.slug, 'zz-plain-30'));
    expect((await expectCardsAgree()).find((p) => p.slug === 'zz-plain-30')?.current_price).toBe(2000);
    // A variant's price, then a variant archived, then one whose attributes are taken away.
    const [cheap, dear] = await variantsOf('zz-offer-variants-15');
    await db.update(t.inventories).set({ price: 900 }).where(eq(t.inventories.id, cheap!.id));
    expect((await listPrices())['zz-offer-variants-15']).toBe(900);
    await db.update(t.inventories).set({ archivedAt: new Date() }).where(eq(t.inventories.id, cheap!.id));
    expect((await listPrices())['zz-offer-variants-15']).toBe(1800);
    await db.delete(t.inventoryAttributes).where(eq(t.inventoryAttributes.inventoryId, dear!.id));
    expect((await listPrices())['zz-offer-variants-15']).toBe(1000);
    await expectCardsAgree();
    // A variant priced 0 sells at the product's price; deleting the dearer variant leaves it alone.
    const [own, other] = await variantsOf('zz-variants-from-21');
    await db.delete(t.inventories).where(eq(t.inventories.id, other!.id));
    expect((await listPrices())['zz-variants-from-21']).toBe(5000);
    await db.update(t.products).set({ selling: 4500 }).where(eq(t.products.slug, 'zz-variants-from-21'));
    expect((await listPrices())['zz-variants-from-21']).toBe(4500);
    expect(own).toBeDefined();
    // A new variant with its attribute.
    const [added] = await db
      .insert(t.inventories)
      .values({ productId: await idOf('zz-variants-from-21'), sku: 'zz-added', price: 3100, quantity: 1 })
      .returning();
    const [value] = await db.select({ id: t.attributeValues.id }).from(t.attributeValues).limit(1);
    await db.insert(t.inventoryAttributes).values({ inventoryId: added!.id, attributeValueId: value!.id });
    expect((await listPrices())['zz-variants-from-21']).toBe(3100);
    await expectCardsAgree();
  });

  it('is not written again when a sale takes a variant out of stock', async () => {
    const db = getDb();
    const version = async () =>
      (await queryRows<{ v: string }>(db, sql`select xmin::text as v from products where slug = 'zz-same-variants-12'`))[0]!.v;
    const before = await version();
    const [variant] = await variantsOf('zz-same-variants-12');
    await db.update(t.inventories).set({ quantity: 0 }).where(eq(t.inventories.id, variant!.id));
    expect(await version()).toBe(before);
  });

  it('gives every page of a price sort what ordering every product gives, with flash sales running and not', async () => {
    const db = getDb();
    const now = Date.now();
    const [running, ended] = await db
      .insert(t.flashSales)
      .values([
        { slug: 'zz-card-flash', title: 'Running', startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 3_600_000) },
        { slug: 'zz-card-flash-ended', title: 'Ended', startsAt: new Date(now - 7_200_000), endsAt: new Date(now - 3_600_000) },
      ])
      .returning();
    await db.insert(t.flashSaleProducts).values([
      // The dearest product, cheapest while its sale runs.
      { flashSaleId: running!.id, productId: await idOf('zz-plain-30'), price: 100 },
      // A sale that ended changes nothing.
      { flashSaleId: ended!.id, productId: await idOf('zz-plain-25'), price: 50 },
    ]);
    for (const sort of ['price_asc', 'price_desc'] as const) {
      const whole = (await listing({ sort })).result.data;
      const prices = whole.map((p) => p.current_price);
      expect(prices).toEqual([...prices].sort((a, b) => (sort === 'price_asc' ? a - b : b - a)));
      expect(whole.find((p) => p.slug === 'zz-plain-30')?.current_price).toBe(100);
      expect(whole.find((p) => p.slug === 'zz-plain-25')?.current_price).toBe(2500);
      const paged = [];
      for (let page = 1; page <= 3; page++) paged.push(...(await listing({ sort, perPage: 2, page })).result.data);
      expect(
        paged.map((p) => p.slug),
        sort,
      ).toEqual(whole.map((p) => p.slug));
      expect(paged[sort === 'price_asc' ? 0 : paged.length - 1]?.slug).toBe('zz-plain-30');
    }
    // Price bounds read the same figure.
    expect((await listing({ max: 150 })).result.data.map((p) => p.slug)).toEqual(['zz-plain-30']);
  });
});
