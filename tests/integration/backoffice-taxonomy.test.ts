import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDatabase, getDb } from '@/server/db/client';
import { brands, bundleDeals, categories, collections, flashSales, products, subCategories } from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import { movedTaxonomySlugs } from '@/server/catalog/slug-redirects';
import { quoteCheckout } from '@/server/checkout/quote';
import { getSettings } from '@/server/settings/index';
import { getT } from '@/i18n';
import type { SessionUser } from '@/server/core/actor';
import { startAstroRenderer, localsWith, type AstroRenderer } from '../unit/astro-render';
import { listApiRoutes, request } from './http';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';
import { makeProduct as makeProductRow, shopBasics, type ProductSpec } from './cart-fixtures';
import { putInCart, shopper } from './checkout-fixtures';

/**
 * Taxonomy and merchandising in the back office (issue 33): categories and sub-categories (tree, order, picture,
 * footer flag, slug with redirects), brands, collections, flash sales and bundle deals — created, edited, reordered
 * and deleted through the API the screens post to; bad input is refused in words with nothing written; the
 * storefront shows each change on the next request; every change is audited.
 */
useTestDatabase({ demo: true });

const ORIGIN = 'http://127.0.0.1:4321';
const routes = listApiRoutes();

let editor: Account;
let staff: Account;
let basics: Awaited<ReturnType<typeof shopBasics>>;
let renderer: AstroRenderer;

beforeAll(async () => {
  editor = await account(['staff'], ['update:catalog']);
  staff = await account(['staff'], ['update:content', 'update:product']);
  basics = await shopBasics();
}, 120_000);
afterAll(async () => {
  await settleAfterAnswer();
  await renderer?.close();
});

const png = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#0b7a5c' } })
    .png()
    .toBuffer();

function postForm(url: string, who: Account, fields: Record<string, string>, image?: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('image', new File([new Uint8Array(image)], 'picture.png', { type: 'image/png' }));
  return request(routes, url, { method: 'POST', headers: { origin: ORIGIN, cookie: who.cookie, accept: 'application/json' }, body: form });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
/** The answer of a request that must succeed (its body in the failure message otherwise). */
async function okData(res: Response) {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).data;
}
/** A product with the figures a test needs, as its row (slug and title too). */
async function makeProduct(spec: ProductSpec) {
  const { id } = await makeProductRow(spec);
  return (await getDb().select().from(products).where(eq(products.id, id)))[0]!;
}
const refused = async (res: Response) => ({ http: res.status, ...(await json(res)) });
const storefrontTree = async () =>
  (await json(await api('/api/v1/categories', null))).data.data as {
    id: number;
    slug: string;
    title: string;
    in_footer: boolean;
    child: { slug: string }[];
  }[];
const count = async (table: typeof categories | typeof brands | typeof collections | typeof flashSales | typeof bundleDeals) =>
  (await getDb().select().from(table)).length;
/** Astro's renderer on this file's database (started once, when a test first draws a page). */
async function startRenderer(): Promise<AstroRenderer> {
  const r = await startAstroRenderer();
  (await r.module('/src/server/db/client.ts')).setDatabase(getDatabase());
  return r;
}
const tag = () => Math.random().toString(36).slice(2, 8);

describe('categories and sub-categories', () => {
  it('creates a category with a picture and a sub-category; the storefront menu has them at once; audited', async () => {
    await storefrontTree(); // cached now: the save must empty that cache
    const before = await lastAuditId();
    const name = `Solar kits ${tag()}`;
    const cat = await okData(await postForm('/api/v1/admin/categories', editor, { title: name, shown: '1', in_footer: '1' }, await png()));
    expect(cat).toMatchObject({ title: name, parent_id: null, shown: true, in_footer: true, products: 0 });
    expect(cat.slug).toMatch(/^solar-kits-/);
    expect(cat.image).toMatch(/^\/uploads\/products\/[a-f0-9]{24}-zoom\.(jpg|png)$/);
    const sub = await okData(
      await postForm('/api/v1/admin/categories/sub', editor, {
        parent_id: String(cat.id),
        title: 'Panels',
        slug: `panels-${tag()}`,
        shown: '1',
      }),
    );
    expect(sub).toMatchObject({ parent_id: cat.id, title: 'Panels' });

    const listed = (await storefrontTree()).find((c) => c.id === cat.id);
    expect(listed).toMatchObject({ title: name, in_footer: true });
    expect(listed!.child.map((s) => s.slug)).toEqual([sub.slug]);
    const audit = await auditSince(before);
    expect(audit.map((a) => [a.action, a.entity, a.entityId])).toEqual(
      expect.arrayContaining([
        ['categories.save', 'category', String(cat.id)],
        ['categories.saveSub', 'sub_category', String(sub.id)],
      ]),
    );
  });

  it('renames a slug: the old one redirects to the new one (category and sub-category pages)', async () => {
    const slug = `lamps-${tag()}`;
    const cat = await okData(await api('/api/v1/admin/categories', editor, { body: { title: 'Lamps', slug, shown: true } }));
    const sub = await okData(
      await api('/api/v1/admin/categories/sub', editor, { body: { parent_id: cat.id, title: 'Desk', slug: `${slug}-desk`, shown: true } }),
    );
    const renamed = await okData(
      await api(`/api/v1/admin/categories/${cat.id}`, editor, { body: { title: 'Lights', slug: `${slug}-v2`, shown: true } }),
    );
    expect(renamed).toMatchObject({ slug: `${slug}-v2`, old_slugs: [slug] });
    expect(await movedTaxonomySlugs(slug)).toEqual({ category: `${slug}-v2`, sub: null });
    expect(await movedTaxonomySlugs(slug, `${slug}-desk`)).toEqual({ category: `${slug}-v2`, sub: `${slug}-desk` });
    // A current slug is no redirect; an unknown one neither.
    expect(await movedTaxonomySlugs(`${slug}-v2`)).toBeNull();
    expect(await movedTaxonomySlugs('no-such-category-ever')).toBeNull();

    // The storefront's page answers 301 to the new address.
    renderer ??= await startRenderer();
    const Page = await renderer.load('/src/pages/all/[category]/index.astro');
    const locals = localsWith({ lang: 'en', t: await getT('en'), settings: await getSettings() });
    const res = (await renderer.container.renderToResponse(Page, {
      locals,
      params: { category: slug },
      request: new Request(`http://shop.test/all/${slug}?page=2`),
    })) as Response;
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/all/${slug}-v2?page=2`);

    // Renamed back: the slug is the category's own again, and no longer a redirect.
    await okData(await api(`/api/v1/admin/categories/${cat.id}`, editor, { body: { title: 'Lamps', slug, shown: true } }));
    expect(await movedTaxonomySlugs(slug)).toBeNull();
    expect(await movedTaxonomySlugs(`${slug}-v2`)).toEqual({ category: slug, sub: null });
    expect(sub.id).toBeGreaterThan(0);
  }, 300_000);

  it('moves categories and sub-categories up and down; the storefront follows the new order', async () => {
    const a = await okData(await api('/api/v1/admin/categories', editor, { body: { title: `Order A ${tag()}`, shown: true } }));
    const b = await okData(await api('/api/v1/admin/categories', editor, { body: { title: `Order B ${tag()}`, shown: true } }));
    const ids = async () => (await storefrontTree()).map((c) => c.id);
    expect((await ids()).slice(-2)).toEqual([a.id, b.id]);
    const moved = await okData(await api(`/api/v1/admin/categories/${b.id}/move`, editor, { body: { dir: 'up' } }));
    expect(moved.order.slice(-2)).toEqual([b.id, a.id]);
    expect((await ids()).slice(-2)).toEqual([b.id, a.id]);
    // The first cannot go further up, nor the last further down: nothing changes.
    await okData(await api(`/api/v1/admin/categories/${a.id}/move`, editor, { body: { dir: 'down' } }));
    expect((await ids()).slice(-2)).toEqual([b.id, a.id]);

    const s1 = await okData(await api('/api/v1/admin/categories/sub', editor, { body: { parent_id: a.id, title: 'One', shown: true } }));
    const s2 = await okData(await api('/api/v1/admin/categories/sub', editor, { body: { parent_id: a.id, title: 'Two', shown: true } }));
    await okData(await api(`/api/v1/admin/categories/sub/${s2.id}/move`, editor, { body: { dir: 'up' } }));
    const tree = await storefrontTree();
    expect(tree.find((c) => c.id === a.id)!.child.map((s) => s.slug)).toEqual([s2.slug, s1.slug]);

    const bad = await refused(await api(`/api/v1/admin/categories/${a.id}/move`, editor, { body: { dir: 'sideways' } }));
    expect(bad.http).toBe(422);
    expect(JSON.stringify(bad)).toContain('Choose up or down');
  });

  it('refuses to delete a category with products, in words; moving them first deletes it', async () => {
    const cat = await okData(await api('/api/v1/admin/categories', editor, { body: { title: `Full ${tag()}`, shown: true } }));
    const sub = await okData(
      await api('/api/v1/admin/categories/sub', editor, { body: { parent_id: cat.id, title: 'Inside', shown: true } }),
    );
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: cat.id });
    await getDb().update(products).set({ subCategoryId: sub.id }).where(eq(products.id, p.id));

    const no = await refused(await api(`/api/v1/admin/categories/${cat.id}/delete`, editor, { body: {} }));
    expect(no.http).toBe(409);
    expect(no.message).toBe('This category still holds 1 product. Choose another category to move it to, then delete.');
    expect(await getDb().select().from(categories).where(eq(categories.id, cat.id))).toHaveLength(1);

    const before = await lastAuditId();
    await okData(await api(`/api/v1/admin/categories/${cat.id}/delete`, editor, { body: { move_to: basics.categoryId } }));
    expect(await getDb().select().from(categories).where(eq(categories.id, cat.id))).toHaveLength(0);
    expect(await getDb().select().from(subCategories).where(eq(subCategories.id, sub.id))).toHaveLength(0);
    const [moved] = await getDb().select().from(products).where(eq(products.id, p.id));
    expect(moved).toMatchObject({ categoryId: basics.categoryId, subCategoryId: null });
    expect((await auditSince(before)).map((a) => [a.action, a.entityId])).toContainEqual(['categories.delete', String(cat.id)]);
    expect((await storefrontTree()).map((c) => c.id)).not.toContain(cat.id);
    expect((await api(`/api/v1/admin/categories/${cat.id}`, editor)).status).toBe(404);
  });

  it('refuses bad input with a message a person understands, and writes nothing', async () => {
    const n = await count(categories);
    const empty = await refused(await api('/api/v1/admin/categories', editor, { body: { title: '  ' } }));
    expect(empty.http).toBe(422);
    expect(JSON.stringify(empty)).toContain('Name is required');
    const badSlug = await refused(await api('/api/v1/admin/categories', editor, { body: { title: 'X', slug: 'Not a slug!' } }));
    expect(badSlug.http).toBe(422);
    expect(JSON.stringify(badSlug)).toContain('The slug must be lower-case letters, digits and single hyphens');
    const [existing] = await getDb().select().from(categories).limit(1);
    const taken = await refused(await api('/api/v1/admin/categories', editor, { body: { title: 'X', slug: existing!.slug } }));
    expect(taken.http).toBe(422);
    expect(JSON.stringify(taken)).toContain('Another category has this slug. Choose another one.');
    const svg = new FormData();
    svg.append('title', 'Vector');
    svg.append('image', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', { type: 'image/svg+xml' }));
    const notPicture = await request(routes, '/api/v1/admin/categories', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: editor.cookie, accept: 'application/json' },
      body: svg,
    });
    expect(notPicture.status).toBeGreaterThanOrEqual(400);
    expect(notPicture.status).toBeLessThan(500);
    expect(JSON.stringify(await json(notPicture))).toContain('JPEG, PNG or WebP');
    const orphan = await refused(await api('/api/v1/admin/categories/sub', editor, { body: { title: 'Orphan', parent_id: 999_999 } }));
    expect(orphan.http).toBe(422);
    expect(JSON.stringify(orphan)).toContain('Choose the category this sub-category belongs to.');
    expect(await count(categories)).toBe(n);
  });
});

describe('brands', () => {
  it('creates with a logo, edits, refuses to delete one with products, deletes after moving them', async () => {
    const name = `Volt ${tag()}`;
    const brand = await okData(await postForm('/api/v1/admin/brands', editor, { title: name, shown: '1', featured: '1' }, await png()));
    expect(brand).toMatchObject({ title: name, featured: true, shown: true, products: 0 });
    expect(brand.image).toMatch(/^\/uploads\/products\//);
    const edited = await okData(await postForm(`/api/v1/admin/brands/${brand.id}`, editor, { title: `${name} Pro`, shown: '1' }));
    // No slug sent: the brand keeps its address.
    expect(edited).toMatchObject({ title: `${name} Pro`, slug: brand.slug, featured: false, image: brand.image });
    const home = (await json(await api('/api/v1/brands', null))).data as { id: number; title: string }[];
    expect(JSON.stringify(home)).toContain(`${name} Pro`);

    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId });
    await getDb().update(products).set({ brandId: brand.id }).where(eq(products.id, p.id));
    const no = await refused(await api(`/api/v1/admin/brands/${brand.id}/delete`, editor, { body: {} }));
    expect(no.http).toBe(409);
    expect(no.message).toBe('1 product still carries this brand. Choose another brand for it, then delete.');
    const other = await okData(await api('/api/v1/admin/brands', editor, { body: { title: `Other ${tag()}`, shown: true } }));
    await okData(await api(`/api/v1/admin/brands/${brand.id}/delete`, editor, { body: { move_to: other.id } }));
    expect((await getDb().select().from(products).where(eq(products.id, p.id)))[0]!.brandId).toBe(other.id);
    expect((await api(`/api/v1/admin/brands/${brand.id}`, editor)).status).toBe(404);
    const dup = await refused(await api('/api/v1/admin/brands', editor, { body: { title: 'Dup', slug: other.slug } }));
    expect(dup.http).toBe(422);
    expect(JSON.stringify(dup)).toContain('Another brand has this slug. Choose another one.');
  });
});

describe('collections', () => {
  it('creates one, adds and removes products by search, orders it, chooses the home page, deletes it', async () => {
    const homeCollections = async () =>
      ((await json(await api('/api/v1/home', null))).data.collections as { id: number }[]).map((c) => c.id);
    await homeCollections();
    const name = `Gift ideas ${tag()}`;
    const col = await okData(
      await api('/api/v1/admin/collections', editor, { body: { title: name, shown: true, on_home: true, position: 0 } }),
    );
    expect(col).toMatchObject({ title: name, on_home: true, shown: true, products: 0 });
    expect(await homeCollections()).toContain(col.id);

    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId });
    const found = (await okData(await api(`/api/v1/admin/collections/${col.id}/products?q=${encodeURIComponent(p.title)}`, editor))).items;
    expect(found.map((f: { id: number }) => f.id)).toEqual([p.id]);
    const added = await okData(await api(`/api/v1/admin/collections/${col.id}/products`, editor, { body: { product_id: p.id } }));
    expect(added.items.map((i: { id: number }) => i.id)).toEqual([p.id]);
    const listing = (await json(await api(`/api/v1/products?collection=${col.id}`, null))).data;
    expect(JSON.stringify(listing)).toContain(p.slug);

    // Off the home page, but still a listing.
    await okData(await api(`/api/v1/admin/collections/${col.id}`, editor, { body: { title: name, shown: true, position: 3 } }));
    expect(await homeCollections()).not.toContain(col.id);
    const removed = await okData(
      await api(`/api/v1/admin/collections/${col.id}/products`, editor, { body: { product_id: p.id, op: 'remove' } }),
    );
    expect(removed.items).toEqual([]);
    const unknown = await refused(await api(`/api/v1/admin/collections/${col.id}/products`, editor, { body: { product_id: 999_999 } }));
    expect(unknown.http).toBe(422);
    await okData(await api(`/api/v1/admin/collections/${col.id}/delete`, editor, { body: {} }));
    expect(await getDb().select().from(collections).where(eq(collections.id, col.id))).toHaveLength(0);
  });
});

describe('flash sales', () => {
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();

  it('refuses an end at or before the start and a sale price at or above the product’s price; nothing written', async () => {
    const n = await count(flashSales);
    const same = at(hour);
    const backwards = await refused(
      await api('/api/v1/admin/flash-sales', editor, { body: { title: 'Backwards', starts_at: same, ends_at: same } }),
    );
    expect(backwards.http).toBe(422);
    expect(JSON.stringify(backwards)).toContain('The end must be after the start');
    const noEnd = await refused(await api('/api/v1/admin/flash-sales', editor, { body: { title: 'No end', starts_at: same } }));
    expect(noEnd.http).toBe(422);
    expect(JSON.stringify(noEnd)).toContain('End is required');
    expect(await count(flashSales)).toBe(n);

    const sale = await okData(
      await api('/api/v1/admin/flash-sales', editor, {
        body: { title: 'Price checks', starts_at: at(-hour), ends_at: at(hour), shown: true },
      }),
    );
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 5000, offered: 4000 });
    const tooHigh = await refused(
      await api(`/api/v1/admin/flash-sales/${sale.id}/products`, editor, { body: { product_id: p.id, price: 4000 } }),
    );
    expect(tooHigh.http).toBe(422);
    expect(tooHigh.message).toBe("The sale price must be below the product's price today (4000 in cents).");
    const noPrice = await refused(await api(`/api/v1/admin/flash-sales/${sale.id}/products`, editor, { body: { product_id: p.id } }));
    expect(noPrice.http).toBe(422);
    expect(JSON.stringify(noPrice)).toContain('Sale price is required');
    expect((await okData(await api(`/api/v1/admin/flash-sales/${sale.id}`, editor))).items).toEqual([]);
  });

  it('a running sale shows on the product page with its end, and its price is charged at checkout', async () => {
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 5000, stock: 20 });
    const productPrice = async () => (await json(await api(`/api/v1/product/${p.slug}`, null))).data;
    await productPrice(); // cached now
    const ends = at(2 * hour);
    const sale = await okData(
      await api('/api/v1/admin/flash-sales', editor, {
        body: { title: `Midnight ${tag()}`, starts_at: at(-hour), ends_at: ends, shown: true },
      }),
    );
    expect(sale).toMatchObject({ state: 'running', shown: true });
    const before = await lastAuditId();
    const withProduct = await okData(
      await api(`/api/v1/admin/flash-sales/${sale.id}/products`, editor, { body: { product_id: p.id, price: 3500 } }),
    );
    expect(withProduct.items).toEqual([expect.objectContaining({ id: p.id, sale_price: 3500, price: 5000 })]);
    expect((await auditSince(before)).map((a) => [a.action, a.entity])).toContainEqual(['flashSales.products', 'flash_sale']);

    const shown = JSON.stringify(await productPrice());
    expect(shown).toContain('"current_price":3500');
    expect(shown).toContain(`"end_time":"${new Date(ends).toISOString()}"`);

    const u = await shopper();
    await putInCart(u.id, p.id, 2);
    const quote = await quoteCheckout(getDb(), u.id, { addressId: u.addressId }, (await getSettings()).setting);
    const line = quote.stores.flatMap((s) => s.lines).find((l) => l.product_id === p.id);
    expect(line).toMatchObject({ unit_price: 3500, quantity: 2 });

    // Ended early: the price goes at once.
    await okData(await api(`/api/v1/admin/flash-sales/${sale.id}/delete`, editor, { body: {} }));
    expect(JSON.stringify(await productPrice())).toContain('"current_price":5000');
  });
});

describe('bundle deals', () => {
  it('creates a deal of one store, offers it on that store’s products only, edits and deletes it', async () => {
    const deal = await okData(
      await api('/api/v1/admin/bundle-deals', editor, {
        body: { title: 'Buy 2 get 1', store_id: basics.storeA.id, buy: 2, free: 1, shown: true },
      }),
    );
    expect(deal).toMatchObject({ store_id: basics.storeA.id, buy: 2, free: 1, shown: true, products: 0 });
    const mine = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId });
    const theirs = await makeProduct({ storeId: basics.storeB.id, categoryId: basics.categoryId });
    const on = await okData(await api(`/api/v1/admin/bundle-deals/${deal.id}/products`, editor, { body: { product_id: mine.id } }));
    expect(on.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    const wrong = await refused(await api(`/api/v1/admin/bundle-deals/${deal.id}/products`, editor, { body: { product_id: theirs.id } }));
    expect(wrong.http).toBe(422);
    expect(JSON.stringify(wrong)).toContain("This product is sold by another store than the deal's.");
    const storefront = JSON.stringify((await json(await api(`/api/v1/product/${mine.slug}`, null))).data);
    expect(storefront).toContain('Buy 2 get 1');

    const zero = await refused(await api(`/api/v1/admin/bundle-deals/${deal.id}`, editor, { body: { title: 'Buy 0', buy: 0, free: 1 } }));
    expect(zero.http).toBe(422);
    expect(JSON.stringify(zero)).toContain('Buy must be at least 1');
    const edited = await okData(
      await api(`/api/v1/admin/bundle-deals/${deal.id}`, editor, {
        body: { title: 'Buy 3 get 1', store_id: basics.storeA.id, buy: 3, free: 1, shown: true },
      }),
    );
    expect(edited).toMatchObject({ buy: 3, products: 1 });
    await okData(await api(`/api/v1/admin/bundle-deals/${deal.id}/delete`, editor, { body: {} }));
    expect(
      (
        await getDb()
          .select()
          .from(products)
          .where(inArray(products.id, [mine.id]))
      )[0]!.bundleDealId,
    ).toBeNull();
    expect((await api(`/api/v1/admin/bundle-deals/${deal.id}`, editor)).status).toBe(404);
  });
});

describe('who may', () => {
  it('staff without update:catalog may not open or change any of them; a guest gets 401', async () => {
    for (const path of [
      '/api/v1/admin/categories',
      '/api/v1/admin/brands',
      '/api/v1/admin/collections',
      '/api/v1/admin/flash-sales',
      '/api/v1/admin/bundle-deals',
    ]) {
      expect((await api(path, staff)).status, path).toBe(403);
      expect((await api(path, staff, { body: { title: 'Nope' } })).status, path).toBe(403);
      expect((await api(path, null)).status, path).toBe(401);
    }
  });

  it('the category screen draws the tree with plain move forms for the operator', async () => {
    renderer ??= await startRenderer();
    const owner: SessionUser = {
      id: editor.id,
      name: 'Editor',
      email: 'e@example.com',
      roles: ['staff'],
      permissions: ['update:catalog'],
      twoFactor: false,
    };
    const Page = await renderer.load('/src/pages/admin/categories/index.astro');
    const locals = localsWith({ user: owner, lang: 'en', t: await getT('en'), settings: await getSettings() });
    const html = (await renderer.container.renderToString(Page, {
      locals,
      request: new Request('http://shop.test/admin/categories'),
    })) as string;
    const [first] = await getDb().select().from(categories).limit(1);
    expect(html).toContain(`action="/api/v1/admin/categories/${first!.id}/move"`);
    expect(html).toContain('name="dir" value="up"');
    expect(html).toContain('Add a sub-category');
  }, 300_000);

  it('every screen draws, in English and in Arabic: lists, new and one of each, with their plain forms', async () => {
    renderer ??= await startRenderer();
    const owner: SessionUser = {
      id: editor.id,
      name: 'Editor',
      email: 'e@example.com',
      roles: ['staff'],
      permissions: ['update:catalog'],
      twoFactor: false,
    };
    const cat = await okData(await api('/api/v1/admin/categories', editor, { body: { title: `Drawn ${tag()}`, shown: true } }));
    const sub = await okData(
      await api('/api/v1/admin/categories/sub', editor, { body: { parent_id: cat.id, title: 'Drawn sub', shown: true } }),
    );
    const brand = await okData(await api('/api/v1/admin/brands', editor, { body: { title: `Drawn ${tag()}`, shown: true } }));
    const col = await okData(await api('/api/v1/admin/collections', editor, { body: { title: `Drawn ${tag()}`, shown: true } }));
    const sale = await okData(
      await api('/api/v1/admin/flash-sales', editor, {
        body: { title: `Drawn ${tag()}`, starts_at: '2026-01-01T00:00', ends_at: '2036-01-01T00:00', shown: true },
      }),
    );
    const deal = await okData(
      await api('/api/v1/admin/bundle-deals', editor, { body: { title: `Drawn ${tag()}`, buy: 2, free: 1, shown: true } }),
    );
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 900 });
    await okData(await api(`/api/v1/admin/flash-sales/${sale.id}/products`, editor, { body: { product_id: p.id, price: 700 } }));
    const screens: [string, string, Record<string, string>, string][] = [
      ['categories/index', '/admin/categories', {}, `/api/v1/admin/categories/sub/${sub.id}/move`],
      ['categories/new', `/admin/categories/new?parent=${cat.id}`, {}, 'action="/api/v1/admin/categories/sub"'],
      ['categories/[id]', `/admin/categories/${cat.id}`, { id: String(cat.id) }, `/api/v1/admin/categories/${cat.id}/delete`],
      ['categories/sub/[id]', `/admin/categories/sub/${sub.id}`, { id: String(sub.id) }, 'name="parent_id"'],
      ['brands/index', '/admin/brands', {}, `/admin/brands/${brand.id}`],
      ['brands/new', '/admin/brands/new', {}, 'action="/api/v1/admin/brands"'],
      ['brands/[id]', `/admin/brands/${brand.id}`, { id: String(brand.id) }, `/api/v1/admin/brands/${brand.id}/delete`],
      ['collections/index', '/admin/collections', {}, `/admin/collections/${col.id}`],
      ['collections/new', '/admin/collections/new', {}, 'name="on_home"'],
      [
        'collections/[id]',
        `/admin/collections/${col.id}?q=${encodeURIComponent(p.title)}`,
        { id: String(col.id) },
        `name="product_id" value="${p.id}"`,
      ],
      ['flash-sales/index', '/admin/flash-sales', {}, `/admin/flash-sales/${sale.id}`],
      ['flash-sales/new', '/admin/flash-sales/new', {}, 'name="ends_at"'],
      ['flash-sales/[id]', `/admin/flash-sales/${sale.id}`, { id: String(sale.id) }, 'name="price" type="number"'],
      ['bundle-deals/index', '/admin/bundle-deals', {}, `/admin/bundle-deals/${deal.id}`],
      ['bundle-deals/new', '/admin/bundle-deals/new', {}, 'name="store_id"'],
      ['bundle-deals/[id]', `/admin/bundle-deals/${deal.id}`, { id: String(deal.id) }, `/api/v1/admin/bundle-deals/${deal.id}/delete`],
    ];
    for (const lang of ['en', 'ar']) {
      const locals = localsWith({
        user: owner,
        lang,
        dir: lang === 'ar' ? 'rtl' : 'ltr',
        t: await getT(lang),
        settings: await getSettings(),
      });
      for (const [file, url, params, expected] of screens) {
        const Page = await renderer.load(`/src/pages/admin/${file}.astro`);
        const html = (await renderer.container.renderToString(Page, {
          locals,
          params,
          request: new Request(`http://shop.test${lang === 'ar' ? '/ar' : ''}${url}`),
        })) as string;
        expect(html, `${lang} ${file}`).toContain(expected);
        if (lang === 'ar') expect(html, file).not.toMatch(/>(Save|Delete|Name|Slug)</);
      }
    }
  }, 600_000);

  it('a plain form post (JavaScript off) moves a category and comes back to the page it was on', async () => {
    const a = await okData(await api('/api/v1/admin/categories', editor, { body: { title: `Plain A ${tag()}`, shown: true } }));
    const b = await okData(await api('/api/v1/admin/categories', editor, { body: { title: `Plain B ${tag()}`, shown: true } }));
    const res = await request(routes, `/api/v1/admin/categories/${b.id}/move`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: editor.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _from: '/admin/categories', dir: 'up' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/categories');
    expect((await storefrontTree()).map((c) => c.id).slice(-2)).toEqual([b.id, a.id]);
  });
});
