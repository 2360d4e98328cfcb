import AxeBuilder from '@axe-core/playwright';
import { gzipSync } from 'node:zlib';
import { test, expect } from '../fixtures';

const SPEC_PAGES = ['contact', 'faq', 'privacy-policy', 'terms-and-conditions', 'return-and-refund', 'warranty-policy', 'about-us'];
const POST = 'charging-safety-at-home';

const jsonLdOf = async (page: import('@playwright/test').Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { '@type': string; [k: string]: unknown },
  );

test.describe('static pages', () => {
  for (const slug of SPEC_PAGES) {
    test(`/page/${slug} shows its stored title and text`, async ({ shop, page }) => {
      const res = await shop.open(`/page/${slug}`);
      expect(res.status()).toBe(200);
      await expect(page.locator('main h1')).not.toBeEmpty();
      await expect(page.locator('main .prose, main .faq').first()).toBeVisible();
    });
  }

  test('an unknown page is the not-found page, in HTML and in the API', async ({ page, request }) => {
    expect((await page.goto('/page/no-such-page'))?.status()).toBe(404);
    await expect(page.getByText('This page could not be found')).toBeVisible();
    const api = await request.get('/api/v1/page/no-such-page');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ status: 404, data: { form: [expect.any(String)] } });
  });

  test('api/v1/page/{slug} answers the sanitized page', async ({ request }) => {
    const body = await (await request.get('/api/v1/page/privacy-policy')).json();
    expect(body).toMatchObject({
      status: 200,
      data: { slug: 'privacy-policy', title: expect.any(String), content: expect.stringContaining('<p>') },
    });
  });
});

test.describe('FAQ', () => {
  test.use({ javaScriptEnabled: false });
  test('is an accordion of <details> that works without JavaScript, with FAQPage JSON-LD', async ({ page }) => {
    await page.goto('/page/faq');
    const items = page.locator('main details');
    expect(await items.count()).toBeGreaterThanOrEqual(4);
    await expect(items.first()).toHaveAttribute('open', '');
    const second = items.nth(1);
    await expect(second.locator('.faq-a')).toBeHidden();
    await second.locator('summary').click();
    await expect(second.locator('.faq-a')).toBeVisible();
    const faq = (await jsonLdOf(page)).find((b) => b['@type'] === 'FAQPage') as unknown as {
      mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }>;
    };
    expect(faq.mainEntity.length).toBe(await items.count());
    expect(faq.mainEntity[0]!.name).toMatch(/\?$/);
    expect(faq.mainEntity[0]!.acceptedAnswer.text.length).toBeGreaterThan(20);
  });

  test('opens with the keyboard', async ({ page }) => {
    await page.goto('/page/faq');
    const second = page.locator('main details').nth(1);
    await second.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('open', '');
  });
});

test.describe('blog', () => {
  test('lists posts with cover, date, excerpt, category and tags, six a page', async ({ page }) => {
    await page.goto('/blog');
    const cards = page.locator('main .post-card');
    await expect(cards).toHaveCount(6);
    // The newest card may be a post another spec wrote in the back office (backoffice/rich-text: no cover, no tags).
    const first = cards.filter({ has: page.locator('.post-tags a') }).first();
    await expect(first.locator('img')).toHaveAttribute('src', /\S/);
    await expect(first.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(first.locator('.post-tags a').first()).toHaveText(/^#/);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    expect((await page.goto('/blog?page=99'))?.status()).toBe(404);
    expect((await page.goto('/blog?page=abc'))?.status()).toBe(404);
  });

  test('filters by category and by tag', async ({ page }) => {
    await page.goto('/blog?category=Toys');
    const cards = page.locator('main .post-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    for (const c of await cards.all()) await expect(c.locator('.post-meta')).toContainText('Toys');
    await page.goto('/blog?tag=usb-c');
    for (const c of await cards.all()) await expect(c.locator('.post-tags')).toContainText('#usb-c');
  });

  test('a post has Article JSON-LD, related posts and previous/next links', async ({ page }) => {
    await page.goto(`/blog/${POST}`);
    await expect(page.locator('main h1')).toHaveText(/Charging safety/);
    const article = (await jsonLdOf(page)).find((b) => b['@type'] === 'Article')!;
    expect(article).toMatchObject({
      headline: expect.stringMatching(/Charging safety/),
      datePublished: expect.any(String),
      author: { name: 'Priya Nair' },
    });
    await expect(page.getByRole('heading', { name: 'Related posts' })).toBeVisible();
    const prev = page.locator('a[rel="prev"]').first();
    const href = await prev.getAttribute('href');
    await prev.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator(`a[rel="next"][href="/blog/${POST}"]`)).toBeVisible();
  });

  test('/blog-details and /test-blog move permanently to the blog', async ({ request }) => {
    const details = await request.get('/blog-details', { maxRedirects: 0 });
    expect(details.status()).toBe(301);
    expect(details.headers().location).toMatch(/\/blog$/);
    const bySlug = await request.get(`/blog-details?slug=${POST}`, { maxRedirects: 0 });
    expect(bySlug.headers().location).toMatch(new RegExp(`/blog/${POST}$`));
    const test = await request.get('/test-blog', { maxRedirects: 0 });
    expect(test.status()).toBe(301);
    expect(test.headers().location).toMatch(/\/blog$/);
  });

  test('the Atom feed lists the newest posts', async ({ request }) => {
    const res = await request.get('/blog/feed.xml');
    expect(res.headers()['content-type']).toContain('application/atom+xml');
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain(`/blog/${POST}</id>`);
  });

  test('api/v1/blogs pages posts and api/v1/blog/{slug} answers one', async ({ request }) => {
    const list = await (await request.get('/api/v1/blogs?page=1')).json();
    expect(list.data.result).toMatchObject({ current_page: 1, per_page: 6, total: expect.any(Number), data: expect.any(Array) });
    expect(list.data.result.data[0]).toMatchObject({
      slug: expect.any(String),
      title: expect.any(String),
      excerpt: expect.any(String),
      tags: expect.any(Array),
    });
    const bad = await request.get('/api/v1/blogs?page=0');
    expect(bad.status()).toBe(422);
    expect((await bad.json()).data.form[0]).toMatch(/Page/);
    const one = await (await request.get(`/api/v1/blog/${POST}`)).json();
    expect(one.data).toMatchObject({ slug: POST, content: expect.stringContaining('<li>'), related: expect.any(Array) });
    expect((await request.get('/api/v1/blog/nope')).status()).toBe(404);
  });
});

for (const path of ['/blog', `/blog/${POST}`, '/page/faq']) {
  test(`${path}: at most 10 KB of compressed JavaScript, no serious accessibility violation`, async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
    const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + (inline.length ? gzipSync(inline.join('\n')).length : 0);
    console.log(`${path}: ${scripts.length} script files, ${inline.length} inline scripts, ${bytes} bytes compressed`);
    expect(bytes).toBeLessThanOrEqual(10 * 1024);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
