import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { KNOWN_PRODUCTS as K } from '@/server/demo/known';
import { getProductDetail } from '@/server/catalog/product-detail';
import { listStoreVouchers } from '@/server/vouchers/store-vouchers';
import { isAppError } from '@/server/core/errors';

useTestDatabase({ demo: true });

const idOf = async (slug: string) => (await getDb().select({ id: t.products.id }).from(t.products).where(eq(t.products.slug, slug)))[0]!.id;

describe('product detail', () => {
  it('groups the attributes of a product with variants and gives each variant its price and stock', async () => {
    const d = await getProductDetail(K.withVariants.slug);
    expect(d.slug).toBe(K.withVariants.slug);
    expect(d.inventories).toHaveLength(K.withVariants.variants.length);
    const axes = new Set(K.withVariants.variants.flatMap((v) => Object.keys(v.values)));
    expect(d.inventory_attributes.map((g) => g.title).sort()).toEqual([...axes].sort());
    for (const g of d.inventory_attributes) {
      const expected = new Set(K.withVariants.variants.map((v) => (v.values as Record<string, string>)[g.title]));
      expect(new Set(g.values.map((v) => v.title))).toEqual(expected);
    }
    for (const known of K.withVariants.variants) {
      const inv = d.inventories.find((i) => i.sku === known.sku)!;
      expect(inv).toMatchObject({ price: known.price, quantity: known.quantity, attributes: known.values });
      expect(inv.value_ids).toHaveLength(Object.keys(known.values).length);
    }
    expect(d.stock).toBe(K.withVariants.variants.reduce((n, v) => n + v.quantity, 0));
    expect(d.in_stock).toBe(true);
  });

  it('says a product without stock is out of stock', async () => {
    const d = await getProductDetail(K.outOfStock.slug);
    expect(d.stock).toBe(0);
    expect(d.in_stock).toBe(false);
    expect(d.inventories).toEqual([]);
  });

  it('gives a product in the running flash sale its flash price and end time', async () => {
    const d = await getProductDetail(K.inFlashSale.slug);
    expect(d.price).toBe(K.inFlashSale.flashPrice);
    expect(d.end_time).not.toBeNull();
    expect(Date.parse(d.end_time!)).toBeGreaterThan(Date.now());
    expect(d.current_price).toBe(K.inFlashSale.flashPrice);
    expect(d.previous_price).toBe(K.inFlashSale.selling);
  });

  it('prices a product with an offer at the offer, the selling price struck through', async () => {
    const d = await getProductDetail(K.withOffer.slug);
    expect(d).toMatchObject({ selling: K.withOffer.selling, offered: K.withOffer.offered, price: null, end_time: null });
    expect(d.current_price).toBe(K.withOffer.offered);
    expect(d.previous_price).toBe(K.withOffer.selling);
    // Written out, not recomputed with the product's own formula: $19.99 → $14.99 is 25 % off (25.01, truncated).
    expect([K.withOffer.selling, K.withOffer.offered]).toEqual([1999, 1499]);
    expect(d.discount_percent).toBe(25);
  });

  it('strikes through the selling price, not the offer, when a flash price and an offer both apply', async () => {
    const d = await getProductDetail(K.flashWithOffer.slug);
    // The demo's flash product with an offer: selling $76.99, offer $65.99, flash $48.99.
    expect(d).toMatchObject({ selling: 7699, offered: 6599, price: 4899 });
    expect(d.current_price).toBe(4899);
    expect(d.previous_price).toBe(7699);
    // 100 − 4899/7699 as a percent = 36.4, truncated (against the offer it would be 25).
    expect(d.discount_percent).toBe(36);
  });

  it('answers a numeric id with the same product', async () => {
    const id = await idOf(K.plain.slug);
    const d = await getProductDetail(String(id));
    expect(d.slug).toBe(K.plain.slug);
    expect(d.store.slug).toBe(K.plain.store);
    expect(d.category.slug).toBe(K.plain.category);
    expect(d.wishlisted).toBeNull();
  });

  it('lets out only allowlisted video URLs and iframes', async () => {
    const id = await idOf(K.withVideo.slug);
    await getDb()
      .insert(t.productVideos)
      .values([
        { productId: id, provider: 'evil', videoId: 'abcdefghijk', position: 2 },
        { productId: id, provider: 'youtube', videoId: '"><script>x</script>', position: 3 },
        { productId: id, provider: 'vimeo', videoId: '123456', position: 4 },
      ]);
    await getDb()
      .update(t.products)
      .set({
        description:
          '<p>Hi</p><script>alert(1)</script><iframe src="https://evil.example/embed/x"></iframe><iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe><img src="x" onerror="alert(1)">',
      })
      .where(eq(t.products.id, id));
    const d = await getProductDetail(K.withVideo.slug);
    expect(d.videos.map((v) => v.embed_url)).toEqual([
      `https://www.youtube-nocookie.com/embed/${K.withVideo.videoId}`,
      'https://player.vimeo.com/video/123456',
    ]);
    expect(d.description).toContain('<p>Hi</p>');
    expect(d.description).toContain('https://www.youtube-nocookie.com/embed/abc');
    expect(d.description).not.toContain('evil.example');
    expect(d.description).not.toContain('<script');
    expect(d.description).not.toContain('onerror');
  });

  it('answers NOT_FOUND for an unknown slug or id', async () => {
    for (const ref of ['no-such-product-slug', '99999999', '', 'a\u0000b', '../etc', 'x'.repeat(500)]) {
      const err = await getProductDetail(ref).catch((e: unknown) => e);
      expect(isAppError(err) && err.code, ref).toBe('NOT_FOUND');
    }
  });

  it('carries the store, taxonomy, shipping and the product bundle deal', async () => {
    const d = await getProductDetail(K.plain.slug);
    expect(d.store).toMatchObject({ slug: K.plain.store });
    expect(d.store.name.length).toBeGreaterThan(0);
    expect(d.images[0]).toBe(d.image);
    expect(d.specs.length).toBeGreaterThan(0);
    expect(d.max_per_order).toBeGreaterThan(0);
    const [row] = await getDb().select().from(t.products).where(eq(t.products.slug, K.plain.slug));
    expect(d.bundle_deal?.id ?? null).toBe(row!.bundleDealId);
    expect(d.shipping === null).toBe(row!.shippingRuleId === null);
  });

  it('shows the bundle deal of a bundled product', async () => {
    const [row] = await getDb()
      .select({ slug: t.products.slug, deal: t.bundleDeals })
      .from(t.products)
      .innerJoin(t.bundleDeals, eq(t.bundleDeals.id, t.products.bundleDealId))
      .limit(1);
    const d = await getProductDetail(row!.slug);
    expect(d.bundle_deal).toEqual({ id: row!.deal.id, title: row!.deal.title, buy: row!.deal.buy, free: row!.deal.free });
  });
});

describe('store vouchers', () => {
  it('lists only running vouchers of the store and shop-wide ones', async () => {
    const [store] = await getDb().select().from(t.stores).where(eq(t.stores.slug, 'volt-depot'));
    const now = Date.now();
    await getDb()
      .insert(t.vouchers)
      .values({
        code: 'USEDUP',
        title: 'Used up',
        storeId: store!.id,
        priceType: 1,
        amount: 100,
        usageLimit: 2,
        usedCount: 2,
        startsAt: new Date(now - 86_400_000),
        endsAt: new Date(now + 86_400_000),
      });
    const codes = (await listStoreVouchers(store!.id)).map((v) => v.code);
    expect(codes[0]).toBe('CHARGE15');
    expect(codes).toEqual(expect.arrayContaining(['CHARGE15', 'WELCOME5', 'VOLT10']));
    for (const gone of ['SUMMER25', 'SOUND12', 'CABLES3', 'TRAINS20', 'USEDUP']) expect(codes).not.toContain(gone);
    const d = await getProductDetail(K.plain.slug);
    for (const v of d.vouchers) expect(v.store_id === null || v.store_id === d.store.id).toBe(true);
  });
});
