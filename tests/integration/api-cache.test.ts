import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { KNOWN_PRODUCTS as K } from '@/server/demo/known';
import { createSession } from '@/server/auth/sessions';
import { announceChange } from '@/server/core/invalidation';
import { apiCache, forgetSharedRoutes } from '@/server/web/api-caching';
import { listApiRoutes, request } from './http';
import { makeUser } from './account-fixtures';
import { makeProduct, shopBasics } from './cart-fixtures';
import { returnStock, takeStock } from '@/server/orders/stock';
import { useStoppedClock } from '../setup/clock';

/**
 * Public catalog API answers kept in memory (decision 0025), through the real middleware and endpoints:
 * a repeat is a hit with the same bytes, per language; an announced change shows at once; HEAD and 304
 * answer from memory; personal endpoints are never kept, and a signed-in caller gets the public bytes.
 */
useTestDatabase({ demo: true });
// The caches keep a copy 10 s: the clock stands still in each test, so a repeat is a hit however slow the machine.
useStoppedClock();
const routes = listApiRoutes();
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => request(routes, path, { method, headers });
const product = `/api/v1/product/${K.withVariants.slug}`;
let ada: { id: number; email: string; token: string };

beforeAll(async () => {
  const user = await makeUser('api-cache-ada@example.com');
  await getDb().update(t.users).set({ name: 'Ada Cachewell' }).where(eq(t.users.id, user.id));
  const [p] = await getDb().select({ id: t.products.id }).from(t.products).where(eq(t.products.slug, K.withVariants.slug));
  await getDb().insert(t.wishlists).values({ userId: user.id, productId: p!.id });
  ada = { id: user.id, email: user.email, token: (await createSession(user.id)).token };
});

const signedIn = () => ({ authorization: `Bearer ${ada.token}` });

describe(`public catalog answers kept in memory (${TEST_DB})`, () => {
  it('are not kept when built for a signed-in caller before the route is known; a guest’s answer is, and serves them after', async () => {
    // Test files share a process: another may have taught the route already.
    forgetSharedRoutes();
    apiCache.clear();
    const first = await get('/api/v1/brands', signedIn());
    expect(first.status).toBe(200);
    expect(first.headers.get('x-api-cache')).toBe('miss, not kept');
    const firstBody = await first.text();
    const guest = await get('/api/v1/brands');
    expect(guest.headers.get('x-api-cache')).toBe('miss');
    const again = await get('/api/v1/brands', signedIn());
    expect(again.headers.get('x-api-cache')).toBe('hit');
    expect(await again.text()).toBe(firstBody);
  });

  it('answer a repeat from memory with the same bytes, an ETag, public Cache-Control and Vary', async () => {
    apiCache.clear();
    const first = await get(product);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-api-cache')).toBe('miss');
    const second = await get(product);
    expect(second.headers.get('x-api-cache')).toBe('hit');
    const body = await first.text();
    expect(await second.text()).toBe(body);
    expect(JSON.parse(body).data.slug).toBe(K.withVariants.slug);
    expect(second.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(second.headers.get('vary')).toBe('Accept-Encoding, Language, Cookie');
  });

  it('keep one entry per language, however the language was asked for', async () => {
    apiCache.clear();
    const en = await get('/api/v1/common');
    expect(en.headers.get('x-api-cache')).toBe('miss');
    const ar = await get('/api/v1/common', { language: 'ar' });
    expect(ar.headers.get('x-api-cache')).toBe('miss');
    const arBody = await ar.text();
    expect(arBody).not.toBe(await en.text());
    // The same language by cookie instead of header finds the same entry.
    const arByCookie = await get('/api/v1/common', { cookie: 'currentLanguage=ar' });
    expect(arByCookie.headers.get('x-api-cache')).toBe('hit');
    expect(await arByCookie.text()).toBe(arBody);
    expect((await get('/api/v1/common')).headers.get('x-api-cache')).toBe('hit');
  });

  it('keep one entry per query', async () => {
    apiCache.clear();
    expect((await get('/api/v1/all?page=1')).headers.get('x-api-cache')).toBe('miss');
    expect((await get('/api/v1/all?page=2')).headers.get('x-api-cache')).toBe('miss');
    expect((await get('/api/v1/all?page=1')).headers.get('x-api-cache')).toBe('hit');
  });

  it('show an announced change on the next request (and only then: the copy is kept)', async () => {
    apiCache.clear();
    const before = await (await get(product)).json();
    await getDb().update(t.products).set({ title: 'Renamed while cached' }).where(eq(t.products.slug, K.withVariants.slug));
    const kept = await get(product);
    expect(kept.headers.get('x-api-cache')).toBe('hit');
    expect((await kept.json()).data.title).toBe(before.data.title);
    await announceChange('catalog');
    const after = await get(product);
    expect(after.headers.get('x-api-cache')).toBe('miss');
    expect((await after.json()).data.title).toBe('Renamed while cached');
  });

  it('keep search answers per query, and show an announced catalogue change on the next request', async () => {
    apiCache.clear();
    // Words of the product's title as it is now (an earlier test renames it).
    const [old] = await getDb().select({ title: t.products.title }).from(t.products).where(eq(t.products.slug, K.withVariants.slug));
    const words = old!.title.split(/\s+/).slice(0, 2).join(' ');
    const path = `/api/v1/search?q=${encodeURIComponent(words)}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-api-cache')).toBe('miss');
    expect(first.headers.get('cache-control')).toMatch(/^public\b/);
    const firstBody = await first.text();
    const titles = (body: string) =>
      (JSON.parse(body) as { data: { result: { data: { title: string }[] } } }).data.result.data.map((p) => p.title);
    expect(titles(firstBody).length).toBeGreaterThan(0);
    const again = await get(path);
    expect(again.headers.get('x-api-cache')).toBe('hit');
    expect(await again.text()).toBe(firstBody);
    expect((await get(`${path}&sort=newest`)).headers.get('x-api-cache')).toBe('miss');
    await getDb()
      .update(t.products)
      .set({ title: `${old!.title} renamed` })
      .where(eq(t.products.slug, K.withVariants.slug));
    try {
      expect((await get(path)).headers.get('x-api-cache')).toBe('hit');
      await announceChange('catalog');
      const after = await get(path);
      expect(after.headers.get('x-api-cache')).toBe('miss');
      expect(titles(await after.text())).toContain(`${old!.title} renamed`);
    } finally {
      await getDb().update(t.products).set({ title: old!.title }).where(eq(t.products.slug, K.withVariants.slug));
      await announceChange('catalog');
    }
  });

  it('forget the stock at once when this process takes or gives back stock (an order, a cancellation)', async () => {
    const b = await shopBasics();
    const made = await makeProduct({ storeId: b.storeA.id, categoryId: b.categoryId, stock: 7 });
    const path = `/api/v1/product/${made.id}`;
    expect((await (await get(path)).json()).data.stock).toBe(7);
    expect((await get(path)).headers.get('x-api-cache')).toBe('hit');
    const take = [{ productId: made.id, inventoryId: null, quantity: 2, title: 'a test product' }];
    await getDb().transaction((tx) => takeStock(tx, take));
    const ordered = await get(path);
    expect(ordered.headers.get('x-api-cache')).toBe('miss');
    expect((await ordered.json()).data.stock).toBe(5);
    await getDb().transaction((tx) => returnStock(tx, take));
    expect((await (await get(path)).json()).data.stock).toBe(7);
  });

  it('answer HEAD from memory without a body, and a matching If-None-Match with 304', async () => {
    apiCache.clear();
    const full = await get(product, { 'accept-encoding': 'identity' });
    const etag = full.headers.get('etag')!;
    const length = (await full.arrayBuffer()).byteLength;
    const head = await get(product, { 'accept-encoding': 'identity' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-api-cache')).toBe('hit');
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect(await head.text()).toBe('');
    const revalidated = await get(product, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');
    expect((await get(product, { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('send the kept bytes compressed for a caller that takes it', async () => {
    apiCache.clear();
    const plain = await (await get(product, { 'accept-encoding': 'identity' })).text();
    const gz = await get(product, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('x-api-cache')).toBe('hit');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
  });

  it('are built once for a burst of requests, once the route is known to be shared', async () => {
    await get('/api/v1/home');
    apiCache.clear();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/api/v1/home')));
    const marks = answers.map((a) => a.headers.get('x-api-cache')).sort();
    expect(marks).toEqual(['hit', 'hit', 'hit', 'hit', 'miss']);
    const bodies = new Set(await Promise.all(answers.map((a) => a.text())));
    expect(bodies.size).toBe(1);
  });

  it('keep nothing that is not a 200', async () => {
    const missing = '/api/v1/product/no-such-product-anywhere';
    for (let i = 0; i < 2; i++) {
      const res = await get(missing);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-api-cache')).toBe('miss, not kept');
    }
  });
});

describe(`a signed-in caller (${TEST_DB})`, () => {
  it("gets the shared answer with their own hearts (issue 31); the kept copy stays a guest's", async () => {
    apiCache.clear();
    const mine = await get(product, signedIn());
    expect(mine.headers.get('x-api-cache')).toBe('personal');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('etag')).toBeNull();
    const body = await mine.text();
    expect(JSON.parse(body).data.wishlisted).toBe(1);
    expect(body).not.toContain(ada.email);
    expect(body).not.toContain('Cachewell');
    // The copy kept for everyone was built as nobody in particular.
    const guest = await get(product);
    expect(guest.headers.get('x-api-cache')).toBe('hit');
    expect(JSON.parse(await guest.text()).data.wishlisted).toBeNull();
    // From the kept copy too, and in a listing's cards.
    expect(JSON.parse(await (await get(product, signedIn())).text()).data.wishlisted).toBe(1);
    const category = JSON.parse(await (await get(`/api/v1/product/${K.withVariants.slug}`)).text()).data.category?.slug as
      string | undefined;
    const listPath = category ? `/api/v1/all?category=${category}&per_page=100` : '/api/v1/all?per_page=100';
    type Card = { slug: string; wishlisted: 1 | null };
    const cardOf = async (headers: Record<string, string>) =>
      ((await (await get(listPath, headers)).json()).data.result.data as Card[]).find((c) => c.slug === K.withVariants.slug);
    expect((await cardOf(signedIn()))?.wishlisted).toBe(1);
    expect((await cardOf({}))?.wishlisted).toBeNull();
  });

  it('never has a personal answer kept: the profile and the cart are built for each request', async () => {
    apiCache.clear();
    const profile = await get('/api/v1/user/profile', signedIn());
    expect(profile.status).toBe(200);
    expect(profile.headers.get('x-api-cache')).toBeNull();
    expect(await profile.text()).toContain('Ada Cachewell');
    await getDb().update(t.users).set({ name: 'Ada Renamed' }).where(eq(t.users.id, ada.id));
    const again = await get('/api/v1/user/profile', signedIn());
    expect(again.headers.get('x-api-cache')).toBeNull();
    expect(await again.text()).toContain('Ada Renamed');
    expect((await get('/api/v1/user/profile')).status).toBe(401);

    const cart = await get('/api/v1/cart/by-user', signedIn());
    expect(cart.status).toBe(200);
    expect(cart.headers.get('x-api-cache')).toBeNull();
    expect((await get('/api/v1/cart/by-user', signedIn())).headers.get('x-api-cache')).toBeNull();
    expect(apiCache.size).toBe(0);
  });
});
