import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { KNOWN_PRODUCTS } from '@/server/demo/known';
import { searchProducts } from '@/server/search/results';
import { suggest } from '@/server/search/suggestions';
import { clearSearchCounts } from '@/server/search/remember';
import { pastSearchesStartingWith } from '@/server/search/history';
import { parseSearchQuery, parseSuggestText, readSearchQuery } from '@/server/search/query';
import type { SearchFilters } from '@/server/search/match-sql';
import { isAppError } from '@/server/core/errors';
import { cardColumns, toCards } from '@/server/catalog/product-card';

useTestDatabase({ demo: true });

const base: SearchFilters = { sort: 'relevance', page: 1, perPage: 20 };
const search = (q: string, f: Partial<SearchFilters> = {}) => {
  clearSearchCounts();
  return searchProducts(q, { ...base, ...f });
};
const titles = (r: Awaited<ReturnType<typeof search>>) => r.result.data.map((p) => p.title);
/** The first title says it, and every title that says it comes before every one that does not. */
function expectTitleMatchesFirst(list: string[], re: RegExp) {
  const says = list.map((title) => re.test(title));
  expect(says[0]).toBe(true);
  const firstMiss = says.indexOf(false);
  if (firstMiss >= 0) expect(says.slice(firstMiss).every((x) => !x)).toBe(true);
}
const normalize = async (text: string) => (await queryRows<{ n: string }>(getDb(), sql`select search_normalize(${text}) as n`))[0]!.n;

describe('normalising electronics words', () => {
  it('reads usb c, powerbank, watts and mAh the same however they are typed', async () => {
    expect(await normalize('USB C')).toBe('usbc');
    expect(await normalize('usb-c')).toBe('usbc');
    expect(await normalize('USB Type-C')).toBe('usbc');
    expect(await normalize('usbc')).toBe('usbc');
    expect(await normalize('Powerbank')).toBe('power bank');
    expect(await normalize('power-bank')).toBe('power bank');
    expect(await normalize('65 W')).toBe('65w');
    expect(await normalize('10,000 mAh')).toBe('10000mah');
    expect(await normalize('10000mah')).toBe('10000mah');
  });
});

describe('relevance on the demo shop', () => {
  it('puts the product whose title is the text first', async () => {
    const r = await search(KNOWN_PRODUCTS.plain.title);
    expect(titles(r)[0]).toBe(KNOWN_PRODUCTS.plain.title);
  });

  it('finds by the start of a word ("char")', async () => {
    const r = await search('char');
    expect(r.result.total).toBeGreaterThan(10);
    expect(
      titles(r)
        .slice(0, 5)
        .every((title) => /charg/i.test(title)),
    ).toBe(true);
  });

  it.each([
    ['chargr', 'charger', /charger/i],
    ['cabel', 'cable', /cable/i],
    ['powr bank', 'power bank', /power bank/i],
  ])('corrects the typo %s to %s', async (typed, meant, expected) => {
    const r = await search(typed);
    expect(r.corrected).toBe(true);
    expect(r.searched).toBe(meant);
    expect(r.result.total).toBeGreaterThan(0);
    expect(
      titles(r)
        .slice(0, 5)
        .every((title) => expected.test(title)),
    ).toBe(true);
  });

  it('finds two words in either order', async () => {
    const a = await search('wall charger');
    const b = await search('charger wall');
    expect(a.result.total).toBeGreaterThan(0);
    expect(b.result.total).toBe(a.result.total);
    expect(titles(a)[0]).toMatch(/wall charger/i);
    expect(titles(b)[0]).toMatch(/wall charger/i);
  });

  it('finds a brand', async () => {
    const [brand] = await queryRows<{ title: string }>(
      getDb(),
      sql`select b.title from brands b join products p on p.brand_id = b.id group by b.title order by count(*) desc limit 1`,
    );
    const r = await search(brand!.title.toLowerCase());
    expect(r.result.total).toBeGreaterThan(0);
    expect(
      titles(r)
        .slice(0, 5)
        .every((title) => title.startsWith(brand!.title)),
    ).toBe(true);
  });

  it('finds a category by its name', async () => {
    const r = await search('headphones');
    const [cat] = await getDb().select().from(t.categories).where(eq(t.categories.slug, 'audio'));
    expect(r.result.total).toBeGreaterThan(0);
    expect(r.facets.categories[0]?.id).toBe(cat!.id);
  });

  it('reads units: 65w = 65 w, usb c = usb-c = usbc, powerbank = power bank, 10000mah = 10,000 mAh', async () => {
    const w = await search('65w');
    expect(w.result.total).toBeGreaterThan(0);
    // Titles that say 65W come first, then products that say it in their specs or description.
    expectTitleMatchesFirst(titles(w), /65 ?W/i);
    expect((await search('65 W')).result.total).toBe(w.result.total);
    const usbc = await search('usb c');
    expect(usbc.result.total).toBeGreaterThan(0);
    expect(titles(usbc)[0]).toMatch(/USB-C/);
    expect((await search('usb-c')).result.total).toBe(usbc.result.total);
    expect((await search('usbc')).result.total).toBe(usbc.result.total);
    expect((await search('powerbank')).result.total).toBe((await search('power bank')).result.total);
    const mah = await search('10000mah');
    expect(mah.result.total).toBeGreaterThan(0);
    expectTitleMatchesFirst(titles(mah), /10,000mAh/i);
    expect((await search('10,000 mAh')).result.total).toBe(mah.result.total);
  });

  it('gives nothing (and no correction) for unknown words', async () => {
    const r = await search('zzqxv wqzzk');
    expect(r.result.total).toBe(0);
    expect(r.result.data).toEqual([]);
  });

  it('filters like a listing: facets, in stock, price', async () => {
    const all = await search('cable');
    const cat = all.facets.categories[0]!;
    const narrowed = await search('cable', { categoryIds: [cat.id], inStock: true, max: 2000 });
    expect(narrowed.result.total).toBeGreaterThan(0);
    expect(narrowed.result.total).toBeLessThanOrEqual(cat.count);
    expect(narrowed.result.data.every((p) => p.in_stock)).toBe(true);
    // Facets are counted without the facet choice, so the shopper can widen again.
    expect(narrowed.facets.categories.length).toBeGreaterThanOrEqual(1);
    const byPrice = await search('cable', { sort: 'price_asc' });
    const prices = byPrice.result.data.map((p) => p.price ?? (p.offered > 0 ? p.offered : p.selling));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('counts products without a brand in the total but in no brand facet', async () => {
    const db = getDb();
    const [store] = await db.select({ id: t.stores.id }).from(t.stores).limit(1);
    const [cat] = await db.select({ id: t.categories.id }).from(t.categories).limit(1);
    const [brand] = await db.select({ id: t.brands.id }).from(t.brands).limit(1);
    const row = { storeId: store!.id, categoryId: cat!.id, selling: 500, stock: 1 };
    await db.insert(t.products).values([
      { ...row, slug: 'zz-facet-a', title: 'Zzfacet Lamp A' },
      { ...row, slug: 'zz-facet-b', title: 'Zzfacet Lamp B' },
      { ...row, slug: 'zz-facet-c', title: 'Zzfacet Lamp C', brandId: brand!.id },
    ]);
    const r = await search('zzfacet');
    expect(r.result.total).toBe(3);
    expect(r.facets.brands).toEqual([expect.objectContaining({ id: brand!.id, count: 1 })]);
    expect(r.facets.categories).toEqual([expect.objectContaining({ id: cat!.id, count: 3 })]);
    await db.delete(t.products).where(sql`slug like 'zz-facet-%'`);
  });

  it('pages without repeating a product', async () => {
    const first = await search('usb', { perPage: 5 });
    const second = await search('usb', { perPage: 5, page: 2 });
    expect(second.result.data.length).toBeGreaterThan(0);
    const ids = new Set(first.result.data.map((p) => p.id));
    expect(second.result.data.some((p) => ids.has(p.id))).toBe(false);
  });
});

describe('odd input', () => {
  it.each([["'; drop table products; --"], ['\\\' or 1=1 :* & | ! ( ) <-> "'], ['ünïcødé 日本語 العربية'], ['😀🔌⚡'], ['%_\\']])(
    'searches %j without failing',
    async (text) => {
      const r = await search(text);
      expect(r.result.total).toBeGreaterThanOrEqual(0);
      await suggest(text);
    },
  );

  it('keeps the products table after injection-looking text', async () => {
    await search("'); delete from products; --");
    const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from products`);
    expect(Number(row!.n)).toBeGreaterThan(100);
  });

  it('refuses 10 KB of text in the API with a clear message and cuts it on the page', async () => {
    const long = 'charger '.repeat(1300);
    const err = (() => {
      try {
        parseSearchQuery(new URLSearchParams({ q: long }));
      } catch (e) {
        return e;
      }
    })();
    expect(isAppError(err) && err.code === 'VALIDATION' && err.httpStatus === 422).toBe(true);
    expect((err as Error).message).toMatch(/at most 200 characters/);
    expect(() => parseSuggestText(new URLSearchParams({ q: long }))).toThrow(/at most 200 characters/);
    const page = readSearchQuery(new URLSearchParams({ q: long }));
    expect(page.text.length).toBeLessThanOrEqual(200);
    const r = await search(page.text);
    expect(r.result.total).toBeGreaterThan(0);
  });

  it('refuses blank text in the search API but not in suggestions', () => {
    expect(() => parseSearchQuery(new URLSearchParams({ q: '   ' }))).toThrow(/Type what you are looking for/);
    expect(parseSuggestText(new URLSearchParams({ q: ' ' }))).toBe('');
  });
});

describe('suggestions', () => {
  it('offers keywords, categories, subcategories and products for a prefix', async () => {
    const s = await suggest('char');
    expect(s.product.length).toBeGreaterThan(0);
    expect(s.product.length).toBeLessThanOrEqual(5);
    expect(s.product[0]).toMatchObject({
      id: expect.any(Number),
      slug: expect.any(String),
      title: expect.any(String),
      selling: expect.any(Number),
    });
    expect(s.suggested.map((k) => k.title)).toContain('charger');
    expect(s.category.map((c) => c.slug)).toContain('chargers-adapters');
    expect(s.sub_category.length).toBeGreaterThan(0);
    expect(s.sub_category[0]!.category).toMatchObject({ slug: expect.any(String) });
  });

  it('prices its cards exactly as every other card (flash price, variant prices), in the same query', async () => {
    for (const known of [KNOWN_PRODUCTS.inFlashSale, KNOWN_PRODUCTS.withVariants, KNOWN_PRODUCTS.flashWithOffer]) {
      const s = await suggest(known.title);
      const shown = s.product.find((p) => p.slug === known.slug);
      expect(shown, known.title).toBeDefined();
      const rows = await getDb().select(cardColumns).from(t.products).where(eq(t.products.slug, known.slug));
      expect(shown).toEqual((await toCards(getDb(), rows))[0]);
    }
    const flash = (await suggest(KNOWN_PRODUCTS.inFlashSale.title)).product.find((p) => p.slug === KNOWN_PRODUCTS.inFlashSale.slug)!;
    expect(flash.price).toBe(KNOWN_PRODUCTS.inFlashSale.flashPrice);
    expect(flash.end_time).not.toBeNull();
    const variants = (await suggest(KNOWN_PRODUCTS.withVariants.title)).product.find((p) => p.slug === KNOWN_PRODUCTS.withVariants.slug)!;
    expect(variants.variant_prices.length).toBeGreaterThan(0);
  });

  it('corrects a typo in the popup too', async () => {
    const s = await suggest('cabel');
    expect(s.product.length).toBeGreaterThan(0);
    expect(s.product.every((p) => /cable/i.test(p.title))).toBe(true);
  });

  it('is empty for blank or unknown text', async () => {
    expect(await suggest('')).toEqual({ product: [], suggested: [], category: [], sub_category: [] });
    const s = await suggest('zzqxv');
    expect(s.product).toEqual([]);
  });

  it('suggests what people searched and found, never who', async () => {
    await search('usb c hub');
    await search('usb c hub');
    await search('zzqxv nothing');
    expect(await pastSearchesStartingWith(getDb(), 'usbc', 5)).toContain('usbc hub');
    expect(await pastSearchesStartingWith(getDb(), 'zzqxv', 5)).toEqual([]);
    const [row] = await getDb().select().from(t.searchQueries).where(eq(t.searchQueries.query, 'usbc hub'));
    expect(row).toMatchObject({ searches: 2 });
    expect(Object.keys(row!).sort()).toEqual(['lastSearchedAt', 'query', 'results', 'searches']);
    expect((await suggest('usb c h')).suggested.map((k) => k.title)).toContain('usbc hub');
  });
});

describe('the index stays current', () => {
  it('follows new, renamed, tagged and deleted products and renamed brands', async () => {
    const db = getDb();
    const [store] = await db.select({ id: t.stores.id }).from(t.stores).limit(1);
    const [cat] = await db.select({ id: t.categories.id }).from(t.categories).limit(1);
    const [brand] = await db.insert(t.brands).values({ slug: 'zz-qorvex', title: 'Qorvex' }).returning();
    const [p] = await db
      .insert(t.products)
      .values({
        slug: 'zz-toaster',
        title: 'Hyperdrive Toaster',
        storeId: store!.id,
        categoryId: cat!.id,
        brandId: brand!.id,
        selling: 1000,
        stock: 3,
      })
      .returning();
    expect(titles(await search('hyperdrive'))).toEqual(['Hyperdrive Toaster']);
    expect((await search('hyperdrvie')).searched).toBe('hyperdrive');
    expect(titles(await search('qorvex'))).toEqual(['Hyperdrive Toaster']);

    await db.update(t.products).set({ title: 'Quantum Toaster' }).where(eq(t.products.id, p!.id));
    expect((await search('hyperdrive')).result.total).toBe(0);
    expect(titles(await search('quantum'))).toEqual(['Quantum Toaster']);
    const words = await db.select().from(t.searchWords).where(eq(t.searchWords.word, 'hyperdrive'));
    expect(words).toEqual([]);

    const [tag] = await db.insert(t.tags).values({ slug: 'zz-breakfast', title: 'Breakfastware' }).returning();
    await db.insert(t.productTags).values({ productId: p!.id, tagId: tag!.id });
    expect(titles(await search('breakfastware'))).toEqual(['Quantum Toaster']);
    await db.insert(t.productSpecs).values({ productId: p!.id, name: 'Slots', value: 'Quadslot' });
    expect(titles(await search('quadslot'))).toEqual(['Quantum Toaster']);

    await db.update(t.brands).set({ title: 'Zelphar' }).where(eq(t.brands.id, brand!.id));
    expect(titles(await search('zelphar'))).toEqual(['Quantum Toaster']);
    expect((await search('qorvex')).result.total).toBe(0);

    await db.delete(t.products).where(eq(t.products.id, p!.id));
    expect(titles(await search('quantum'))).not.toContain('Quantum Toaster');
    expect(await db.select().from(t.searchWords).where(eq(t.searchWords.word, 'quantum'))).toEqual([]);
  });
});
