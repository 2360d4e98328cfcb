import { test, expect } from '../fixtures';

const LISTING_KEYS = ['result', 'all_categories', 'category', 'collections', 'brands', 'shipping_rules'];
const CARD_KEYS = ['id', 'slug', 'title', 'image', 'selling', 'offered', 'price', 'end_time', 'wishlisted'];

test.describe('catalog API', () => {
  test('all: the listing envelope, cheap enough for the mega menu', async ({ request }) => {
    const res = await request.get('/api/v1/all?category=cables&per_page=6');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('public');
    const body = await res.json();
    expect(body).toMatchObject({ status: 200, message: 'success' });
    for (const key of LISTING_KEYS) expect(body.data).toHaveProperty(key);
    expect(body.data.result).toMatchObject({ current_page: 1, per_page: 6, last_page: Math.ceil(body.data.result.total / 6) });
    expect(body.data.result.data).toHaveLength(6);
    for (const key of CARD_KEYS) expect(body.data.result.data[0]).toHaveProperty(key);
    expect(body.data.category.slug).toBe('cables');
  });

  test('all: bad input is a 422 form error that says what to fix', async ({ request }) => {
    const res = await request.get('/api/v1/all?category=cables&min=12.345');
    expect(res.status()).toBe(422);
    const body = await res.json();
    expect(body.status).toBe(201);
    expect(body.data.form[0]).toBe('The minimum price must be a whole number of cents (minor units), like 1499 for 14.99.');
    const unknown = await request.get('/api/v1/all?category=no-such-category');
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).status).toBe(404);
  });

  test('products: listing by source keys', async ({ request }) => {
    const body = await (await request.get('/api/v1/products?tags=gan&sort=price_asc')).json();
    expect(body.status).toBe(200);
    const prices = body.data.result.data.map(
      (p: { selling: number; offered: number; price: number | null }) => p.price ?? (p.offered > 0 ? p.offered : p.selling),
    );
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const ids = body.data.result.data.slice(0, 2).map((p: { id: number }) => p.id);
    const byIds = await (await request.get(`/api/v1/products?product_ids=${ids.join(',')}`)).json();
    expect(byIds.data.result.data.map((p: { id: number }) => p.id).sort()).toEqual([...ids].sort());
    const beyond = await (await request.get('/api/v1/products?tags=gan&page=500')).json();
    expect(beyond.data.result).toMatchObject({ data: [], current_page: 500 });
  });

  test('home', async ({ request }) => {
    const body = await (await request.get('/api/v1/home')).json();
    expect(body.status).toBe(200);
    for (const key of ['slider', 'banners', 'collections', 'featured_categories', 'featured_brands', 'flash_sale', 'products'])
      expect(body.data).toHaveProperty(key);
    expect(body.data.products.length).toBeGreaterThan(0);
    expect(body.data.slider[0]).toEqual(
      expect.objectContaining({
        title: expect.any(String),
        image: expect.any(String),
        url: expect.any(String),
        source_type: expect.any(Number),
      }),
    );
  });

  test('flash-sale and flash-products/{id}', async ({ request }) => {
    const sales = await (await request.get('/api/v1/flash-sale')).json();
    expect(sales.status).toBe(200);
    const running = sales.data.data.find((s: { state: string }) => s.state === 'running');
    expect(running).toEqual(expect.objectContaining({ id: expect.any(Number), end_time: expect.any(String) }));
    const products = await (await request.get(`/api/v1/flash-products/${running.id}?per_page=5`)).json();
    expect(products.data.flash_sale.id).toBe(running.id);
    expect(products.data.result.data.length).toBeGreaterThan(0);
    for (const p of products.data.result.data) expect(p.end_time).toBe(running.end_time);
    const bad = await request.get('/api/v1/flash-products/abc');
    expect(bad.status()).toBe(422);
    expect((await request.get('/api/v1/flash-products/99999')).status()).toBe(404);
  });
});

test('sitemap.xml and robots.txt', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  const text = await robots.text();
  expect(text).toContain('Disallow: /checkout');
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}/all/cables</loc>`);
  expect(sitemap).toContain(`<loc>${baseURL}/page/privacy-policy</loc>`);
  expect(sitemap).toMatch(/<loc>[^<]+\/products\/product\/[a-z0-9-]+<\/loc>/);
});
