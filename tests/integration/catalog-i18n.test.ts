import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { catalogTranslations, categories, productTranslations, products } from '@/server/db/schema';
import { KNOWN_PRODUCTS as K } from '@/server/demo/known';
import { CATEGORY_NAMES, PRODUCT_TITLES } from '@/server/demo/data/translations';
import { clearMemos } from '@/server/core/memo';
import { account, api, twoStores, type Account } from './backoffice-fixtures';
import { send, startPageServer, type PageServer } from './page-server';

/**
 * Translations of catalogue data (issue 33): the storefront, the API (`Language` header), search and the product
 * page's JSON-LD read the shopper's language and fall back to the default language where nothing is translated.
 */
useTestDatabase({ demo: true });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
const productRow = async (slug: string) => (await getDb().select().from(products).where(eq(products.slug, slug)))[0]!;
const [translatedSlug, translated] = Object.entries(PRODUCT_TITLES)[0]!;
const ARABIC_TITLE = 'مصباح مكتب تجريبي بضوء دافئ';
const FRENCH_TITLE = 'Lampe de bureau témoin à lumière chaude';

let server: PageServer;
let owner: Account;
beforeAll(async () => {
  owner = await account(['owner']);
  // A product translated here, not by the demo: its words must reach the search index through the triggers.
  const p = await productRow(K.plain.slug);
  await getDb()
    .insert(productTranslations)
    .values([
      {
        productId: p.id,
        lang: 'ar',
        title: ARABIC_TITLE,
        description: '<p>وصف <strong>عربي</strong></p><script>x()</script>',
        seoTitle: '',
        specLabels: {},
      },
      { productId: p.id, lang: 'fr', title: FRENCH_TITLE },
    ]);
  clearMemos();
  server = await startPageServer();
}, 300_000);
afterAll(() => server?.close());

describe("the API in the shopper's language", () => {
  it('answers product/{id} with the Arabic title for Language: ar, the English one without, and English where nothing is translated', async () => {
    const p = await productRow(K.plain.slug);
    const ar = (await json(await api(`/api/v1/product/${p.id}`, null, { headers: { language: 'ar' } }))).data;
    expect(JSON.stringify(ar)).toContain(ARABIC_TITLE);
    const en = (await json(await api(`/api/v1/product/${p.id}`, null))).data;
    expect(JSON.stringify(en)).toContain(K.plain.title);
    expect(JSON.stringify(en)).not.toContain(ARABIC_TITLE);
    // No Arabic version: the English title (fallback), field by field.
    const other = await productRow(K.withOffer.slug);
    const fallback = (await json(await api(`/api/v1/product/${other.id}`, null, { headers: { language: 'ar' } }))).data;
    expect(JSON.stringify(fallback)).toContain(K.withOffer.title);
  });

  it('finds the product by an Arabic word and by a French word, whatever the language asked', async () => {
    for (const [q, lang] of [
      ['تجريبي', 'ar'],
      ['تجريبي', 'en'],
      ['témoin', 'fr'],
    ] as const) {
      const res = await api(`/api/v1/search?q=${encodeURIComponent(q)}`, null, { headers: { language: lang } });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = JSON.stringify((await json(res)).data);
      expect(body, `${q} (${lang})`).toContain(K.plain.slug);
    }
    const ar = JSON.stringify(
      (await json(await api(`/api/v1/search?q=${encodeURIComponent('تجريبي')}`, null, { headers: { language: 'ar' } }))).data,
    );
    expect(ar).toContain(ARABIC_TITLE);
    // A demo product's Arabic title word finds it too.
    const word = translated.ar.split(' ')[0]!;
    const demo = JSON.stringify(
      (await json(await api(`/api/v1/search?q=${encodeURIComponent(word)}`, null, { headers: { language: 'ar' } }))).data,
    );
    expect(demo).toContain(translatedSlug);
  });

  it('names a category in French in a listing for Language: fr, and in English for the default language', async () => {
    const fr = JSON.stringify((await json(await api('/api/v1/categories', null, { headers: { language: 'fr' } }))).data);
    expect(fr).toContain(CATEGORY_NAMES['chargers-adapters']!.fr);
    const en = JSON.stringify((await json(await api('/api/v1/categories', null))).data);
    expect(en).toContain('Chargers &');
    expect(en).not.toContain(CATEGORY_NAMES['chargers-adapters']!.fr);
  });

  it('a renamed translation follows at once in search: the old word no longer finds the product, the new one does', async () => {
    const p = await productRow(K.plain.slug);
    await getDb().update(productTranslations).set({ title: 'مصباح مختلف' }).where(eq(productTranslations.productId, p.id));
    clearMemos();
    const find = async (q: string) =>
      JSON.stringify((await json(await api(`/api/v1/search?q=${encodeURIComponent(q)}`, null, { headers: { language: 'ar' } }))).data);
    expect(await find('مختلف')).toContain(K.plain.slug);
    expect(await find('دافئ')).not.toContain(K.plain.slug);
    await getDb().update(productTranslations).set({ title: ARABIC_TITLE }).where(eq(productTranslations.productId, p.id));
    clearMemos();
  });
});

describe('pages under /ar/ and /fr/', () => {
  it('draws the Arabic title on /ar/ product page, its JSON-LD and heading, and the English one on the unprefixed page', async () => {
    const ar = await send(server, `/ar/products/product/${K.plain.slug}`);
    expect(ar.status, ar.body.slice(0, 300)).toBe(200);
    expect(ar.body).toMatch(new RegExp(`<h1[^>]*>\\s*${ARABIC_TITLE}`));
    const ld = [...ar.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('\n');
    expect(ld).toContain(ARABIC_TITLE);
    // The translated description went through the shop's sanitizer.
    expect(ar.body).toContain('<strong>عربي</strong>');
    expect(ar.body).not.toContain('x()');
    const en = await send(server, `/products/product/${K.plain.slug}`);
    expect(en.body).toContain(K.plain.title);
    expect(en.body).not.toContain(ARABIC_TITLE);
  });

  it("names the category in French on a /fr/ listing, and shows the demo product's French title there", async () => {
    const [cat] = await getDb().select().from(categories).where(eq(categories.slug, 'chargers-adapters'));
    const fr = await send(server, `/fr/all/${cat!.slug}?per_page=100`);
    expect(fr.status, fr.body.slice(0, 300)).toBe(200);
    expect(fr.body).toContain(CATEGORY_NAMES['chargers-adapters']!.fr);
    expect(fr.body).toContain(translated.fr);
    expect(fr.body).not.toContain(translated.ar);
    const ar = await send(server, `/ar/all/${cat!.slug}?per_page=100`);
    expect(ar.body).toContain(CATEGORY_NAMES['chargers-adapters']!.ar);
  });

  it('falls back to the English name of a category with no translation', async () => {
    const [cat] = await getDb().select().from(categories).where(eq(categories.slug, 'lighting'));
    await getDb().delete(catalogTranslations).where(eq(catalogTranslations.refId, cat!.id));
    clearMemos();
    const fr = JSON.stringify((await json(await api('/api/v1/categories', null, { headers: { language: 'fr' } }))).data);
    expect(fr).toContain('"Lighting"');
  });
});

describe('the editors', () => {
  it("saves a product's Arabic version through the API; the shop shows it at once; empty fields remove it; a seller of another store gets 404", async () => {
    const p = await productRow(K.withOffer.slug);
    const saved = await api(`/api/v1/admin/products/${p.id}/translations`, owner, {
      body: {
        lang: 'ar',
        title: 'عنوان مترجم للاختبار',
        description: '<p>نص</p><img src=x onerror=alert(1)>',
        spec_labels: { Capacity: 'السعة' },
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const row = (await getDb().select().from(productTranslations).where(eq(productTranslations.productId, p.id)))[0]!;
    expect(row.description).not.toContain('onerror');
    expect(row.specLabels).toEqual({ Capacity: 'السعة' });
    const shop = JSON.stringify((await json(await api(`/api/v1/product/${p.id}`, null, { headers: { language: 'ar' } }))).data);
    expect(shop).toContain('عنوان مترجم للاختبار');
    const view = (await json(await api(`/api/v1/admin/products/${p.id}/translations`, owner))).data;
    expect(view.versions.ar.title).toBe('عنوان مترجم للاختبار');
    expect(view.missing.fr).toContain('title');

    const bad = await api(`/api/v1/admin/products/${p.id}/translations`, owner, { body: { lang: 'en', title: 'x' } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).message).toMatch(/language/i);
    const tooLong = await api(`/api/v1/admin/products/${p.id}/translations`, owner, { body: { lang: 'ar', title: 'x'.repeat(301) } });
    expect([400, 422]).toContain(tooLong.status);

    const otherStore = (await twoStores()).find((id) => id !== p.storeId)!;
    const seller = await account(['seller'], [], [otherStore]);
    const refused = await api(`/api/v1/seller/products/${p.id}/translations`, seller, { body: { lang: 'ar', title: 'x' } });
    expect(refused.status).toBe(404);

    const removed = await api(`/api/v1/admin/products/${p.id}/translations`, owner, { body: { lang: 'ar', title: '' } });
    expect(removed.status).toBe(200);
    expect(await getDb().select().from(productTranslations).where(eq(productTranslations.productId, p.id))).toEqual([]);
    const back = JSON.stringify((await json(await api(`/api/v1/product/${p.id}`, null, { headers: { language: 'ar' } }))).data);
    expect(back).toContain(K.withOffer.title);
  });

  it('saves the names of a brand per language; the listing shows them; /admin/translations lists what is still missing', async () => {
    const brandsList = (await json(await api('/api/v1/brands', null))).data;
    const brand = (Array.isArray(brandsList) ? brandsList : (brandsList.data ?? []))[0] as { id: number; title: string };
    expect(brand).toBeTruthy();
    const missingBefore = (await json(await api('/api/v1/admin/translations?kind=brand&lang=fr', owner))).data;
    expect(missingBefore.items.map((i: { id: number }) => i.id)).toContain(brand.id);
    const saved = await api(`/api/v1/admin/translations/brand/${brand.id}`, owner, { body: { fr: 'Marque témoin', ar: '' } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const fr = JSON.stringify((await json(await api('/api/v1/brands', null, { headers: { language: 'fr' } }))).data);
    expect(fr).toContain('Marque témoin');
    const missingAfter = (await json(await api('/api/v1/admin/translations?kind=brand&lang=fr', owner))).data;
    expect(missingAfter.items.map((i: { id: number }) => i.id)).not.toContain(brand.id);
    const bad = await api(`/api/v1/admin/translations/shelf/${brand.id}`, owner, { body: { fr: 'x' } });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });

  it('draws the product editor with the languages side by side, and the missing-translations page, with JavaScript off', async () => {
    const p = await productRow(K.plain.slug);
    const editor = await send(server, `/admin/products/${p.id}`, { cookies: [owner.cookie] });
    expect(editor.status, editor.body.slice(0, 300)).toBe(200);
    expect(editor.body).toContain(`action="/api/v1/admin/products/${p.id}/translations"`);
    expect(editor.body).toMatch(/name="lang" value="ar"/);
    expect(editor.body).toContain(ARABIC_TITLE);
    const list = await send(server, '/admin/translations?kind=category', { cookies: [owner.cookie] });
    expect(list.status).toBe(200);
    expect(list.body).toContain('/admin/translations/category/');
  });
});
