import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
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
