import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { test, expect, keepShot } from '../fixtures';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/all/cables?sort=price_asc' },
];
const SHOTS = '/tmp/shots/listings';

for (const { name, path } of PAGES) {
  test(`${name}: no serious accessibility violation, no CSP violation`, async ({ shop, page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    await shop.open(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(violations).toEqual([]);
  });

  test(`${name}: at most 30 KB of compressed JavaScript before the first interaction`, async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // Astro inlines small scripts into the page: count those too, gzipped like the page is.
    const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
    const inlineBytes = inline.length ? gzipSync(inline.join('\n')).length : 0;
    const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + inlineBytes;
    console.log(`${name}: ${scripts.length} script files, ${inline.length} inline scripts, ${bytes} bytes compressed`);
    expect(inline.length + scripts.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(30 * 1024);
  });

  test(`${name}: SEO tags`, async ({ shop, page }) => {
    await shop.open(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^http/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\w/);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((b) => JSON.parse(b)['@type']);
    expect(types).toContain('ItemList');
    if (name === 'listing') {
      expect(types).toContain('BreadcrumbList');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).not.toContain('sort=');
    }
  });
}

// The screenshots are for a person to look at; the test asserts what can be checked: the page answered,
// shows its heading and product tiles, and nothing is wider than the screen.
for (const width of [390, 1280]) {
  test(`at ${width} px the home page and a listing fit the screen and show their tiles (screenshots kept)`, async ({ shop, page }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: 900 });
    for (const { name, path } of PAGES) {
      const response = await shop.open(path);
      expect(response.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(shop.productTiles().first()).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${name} fits ${width} px`).toBeLessThanOrEqual(width);
      await keepShot(page, { path: `${SHOTS}/e2e-${name}-${width}.png`, fullPage: true });
    }
  });
}

test('Save-Data: no autoplay and no decorative images on the home page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'save-data': 'on' } });
  const page = await context.newPage();
  await page.goto('/');
  const slider = page.getByRole('region', { name: 'Featured offers' });
  await expect(slider).not.toHaveAttribute('data-autoplay', /.+/);
  expect(await slider.locator('img').count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Featured brands' }).locator('img').count()).toBe(0);
  await expect(slider.getByRole('link').first()).toHaveAttribute('href', /^\//);
  await context.close();
});
