import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signIn, uniqueEmail } from '../account/helpers';
import { KNOWN_PRODUCTS } from '@/server/demo/known';

/**
 * Prefix-except-default all the way (issue 17, decision 0020): every same-site link, form and "come
 * back here" field of an Arabic page stays under /ar; the cookie sends an unprefixed page to its
 * language; choosing English goes back to unprefixed pages; the switcher works without JavaScript.
 */
const plain = KNOWN_PRODUCTS.plain;

/** Not pages in a language: the API, uploads, the build's files, files by extension. */
const NOT_A_PAGE =
  /^\/(?:api|uploads|_astro|_image|brand)(?:\/|$)|\.(?:xml|txt|svg|png|jpe?g|webp|avif|gif|ico|css|m?js|json|webmanifest|pdf)$/i;

/** Every same-site link, form action, pagination link and return field of the page that lacks the `/ar` prefix. */
async function unprefixedLinks(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: { what: string; value: string }[] = [];
    const add = (what: string, value: string | null) => value !== null && out.push({ what, value });
    document.querySelectorAll('a[href]').forEach((a) => add('a', a.getAttribute('href')));
    document.querySelectorAll('form').forEach((f) => add('form', f.getAttribute('action') ?? location.pathname));
    document.querySelectorAll('link[rel="next"], link[rel="prev"]').forEach((l) => add('link', l.getAttribute('href')));
    document
      .querySelectorAll('input[name="_from"], input[name="back"], input[name="redirect"]')
      .forEach((i) => add('input', (i as HTMLInputElement).value));
    return out;
  });
  const origin = new URL(page.url()).origin;
  return found
    .filter(({ value }) => value !== '' && !value.startsWith('#') && !/^(mailto|tel|javascript):/i.test(value))
    .filter(({ value }) => {
      const url = new URL(value, page.url());
      if (url.origin !== origin || NOT_A_PAGE.test(url.pathname)) return false;
      return url.pathname !== '/ar' && !url.pathname.startsWith('/ar/');
    })
    .map(({ what, value }) => `${what} ${value}`);
}

/** The first same-site link of the page under this path prefix (a store, a blog post). */
async function firstLinkUnder(page: Page, prefix: string): Promise<string> {
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href, `a link under ${prefix}`).toBeTruthy();
  return href!;
}

test('every same-site link of the Arabic pages stays under /ar (crawl)', async ({ shop, page }) => {
  test.setTimeout(240_000);
  await signIn(page, uniqueEmail('links'), 'سارة');
  await shop.open('/ar/blog');
  const post = await firstLinkUnder(page, '/ar/blog/');
  await shop.open('/ar/stores');
  const store = await firstLinkUnder(page, '/ar/shop/');
  await shop.open('/ar');
  const category = await page.locator('a[href^="/ar/all/"]').first().getAttribute('href');
  const pages = [
    '/ar',
    '/ar/discover/products',
    '/ar/discover/products?page=2',
    category!,
    `/ar/products/product/${plain.slug}`,
    '/ar/cart',
    '/ar/user/profile',
    '/ar/user/addresses',
    '/ar/user/wishlists',
    '/ar/user/orders',
    '/ar/track-order',
    '/ar/track-order?order_id=999999&email=nobody%40example.com',
    '/ar/search?q=charger',
    '/ar/blog',
    post,
    '/ar/page/faq',
    '/ar/stores',
    store,
    '/ar/categories',
    '/ar/brands',
    '/ar/site-map',
  ];
  const problems: string[] = [];
  let checked = 0;
  for (const path of pages) {
    await shop.open(path);
    expect(new URL(page.url()).pathname, `${path} stayed in Arabic`).toMatch(/^\/ar(\/|$)/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    checked += await page.locator('a[href], form').count();
    for (const bad of await unprefixedLinks(page)) problems.push(`${path}: ${bad}`);
  }
  expect(checked).toBeGreaterThan(500);
  expect(problems).toEqual([]);
});

test("a guest's Arabic sign-in, sign-up and reset pages keep the prefix, the return address included", async ({ shop, page }) => {
  const problems: string[] = [];
  for (const path of [
    '/ar/login?redirect=%2Fuser%2Fprofile',
    '/ar/register?redirect=%2Fuser%2Forders',
    '/ar/forgot-password',
    '/ar/user/profile',
  ]) {
    await shop.open(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    for (const bad of await unprefixedLinks(page)) problems.push(`${path}: ${bad}`);
  }
  // The last one sent the guest to sign in, in Arabic, coming back to the Arabic page.
  expect(new URL(page.url()).pathname).toBe('/ar/login');
  await expect(page.locator('input[name="redirect"]')).toHaveValue('/ar/user/profile');
  expect(problems).toEqual([]);
});

test('a click on a tile of an Arabic listing opens the Arabic product page', async ({ shop, page }) => {
  await shop.open('/ar/discover/products');
  await page.locator('main article a[href*="/product/"]').first().click();
  await expect(page).toHaveURL(/\/ar\/products\/product\//);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('the cookie sends an unprefixed page to Arabic; English from the switcher stays English', async ({ shop, page, context, baseURL }) => {
  await context.addCookies([{ name: 'currentLanguage', value: 'ar', url: baseURL! }]);
  await shop.open('/discover/products?sort=price_asc');
  await expect(page).toHaveURL(/\/ar\/discover\/products\?sort=price_asc$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shop.open('/');
  expect(new URL(page.url()).pathname).toBe('/ar');

  await page.locator('.lang-switch-header summary').click();
  await page.locator('.lang-switch-header').getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // And it stays English on the next unprefixed page (no loop back to Arabic).
  await shop.open('/discover/products');
  expect(new URL(page.url()).pathname).toBe('/discover/products');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header switcher keeps the page and its query in the other language, and back', async ({ shop, page }) => {
    await shop.open('/discover/products?sort=price_asc&page=2');
    await page.locator('.lang-switch-header summary').click();
    await page.locator('.lang-switch-header').getByRole('button', { name: 'العربية' }).click();
    await expect(page).toHaveURL(/\/ar\/discover\/products\?sort=price_asc&page=2$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The page's own links are Arabic too: the next page of the listing.
    const next = page
      .locator('main nav a[href*="page=3"], main nav a[href*="page=1"], main nav a[href$="products?sort=price_asc"]')
      .first();
    await expect(next).toHaveAttribute('href', /^\/ar\//);

    await page.locator('.lang-switch-footer summary').click();
    await page.locator('.lang-switch-footer').getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/discover\/products\?sort=price_asc&page=2$/);
    expect(new URL(page.url()).pathname).toBe('/discover/products');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a plain form on an Arabic page (add to cart) comes back to the Arabic page with an Arabic message', async ({ shop, page }) => {
    await shop.open(`/ar/products/product/${plain.slug}`);
    await page.getByRole('button', { name: 'أضف إلى السلة', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/ar/products/product/${plain.slug}`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('status').filter({ hasText: 'تمت إضافة المنتج إلى السلة' })).toBeVisible();
  });
});

test('the search popup’s suggestions on an Arabic page lead to Arabic pages', async ({ shop, page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shop.open('/ar');
  const box = page.locator('#site-search input[name="q"]');
  await box.focus();
  await expect(box).toHaveAttribute('aria-controls', 'site-search-listbox', { timeout: 30_000 });
  await box.fill('cable');
  const options = page.locator('#site-search-listbox a[role="option"]');
  await expect(options.first()).toBeVisible({ timeout: 30_000 });
  const hrefs = await options.evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(1);
  for (const href of hrefs) expect(href).toMatch(/^\/ar\//);
});
