import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, keepShot } from '../fixtures';
import { signIn, uniqueEmail } from '../account/helpers';
import { productUrl } from '@/lib/urls';
import { KNOWN_PRODUCTS } from '@/server/demo/known';

/**
 * Languages end to end (issue 17): the switcher in the header and footer (with and without JavaScript),
 * `dir="rtl"` in Arabic, the prefix-except-default URLs, no sideways scroll and axe on the Arabic pages,
 * the API in the Language header's language, and the language kept across a browser restart.
 */
const plain = KNOWN_PRODUCTS.plain;
const ARABIC_PAGES = {
  home: '/ar',
  listing: '/ar/discover/products',
  product: `/ar${productUrl(plain)}`,
  cart: '/ar/cart',
  account: '/ar/user/profile',
};

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width').toBeLessThanOrEqual(client);
}

async function chooseLanguage(page: Page, place: 'header' | 'footer', name: string) {
  const switcher = page.locator(`.lang-switch-${place}`);
  await switcher.locator('summary').click();
  await switcher.getByRole('button', { name }).click();
}

test('the header switcher turns the shop Arabic, right to left, under /ar, and back to English', async ({ shop, page, context }) => {
  await shop.open('/cart');
  await chooseLanguage(page, 'header', 'العربية');
  await expect(page).toHaveURL(/\/ar\/cart$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سلة التسوق');
  const cookies = await context.cookies();
  const current = cookies.find((c) => c.name === 'currentLanguage');
  expect(current?.value).toBe('ar');
  // One year (the spec): the cookie outlives the browser session.
  expect(current!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
  expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('ar');

  await chooseLanguage(page, 'footer', 'English');
  await expect(page).toHaveURL(/\/cart$/);
  expect(new URL(page.url()).pathname).toBe('/cart');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping cart');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the footer switcher is a plain form that works', async ({ shop, page }) => {
    await shop.open(productUrl(plain));
    await chooseLanguage(page, 'footer', 'Français');
    await expect(page).toHaveURL(new RegExp(`/fr${productUrl(plain)}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Ajouter au panier', exact: true })).toBeVisible();
  });
});

test('Arabic pages at 390 and 1280 px: right to left, translated, no sideways scroll (screenshots)', async ({ shop, page }) => {
  test.setTimeout(120_000);
  await signIn(page, uniqueEmail('rtl'), 'سارة');
  await page.request.post('/api/v1/cart/action', {
    data: { product_id: await productId(page), quantity: 2 },
    headers: { accept: 'application/json' },
  });
  for (const [name, path] of Object.entries(ARABIC_PAGES)) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shop.open(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectNoSidewaysScroll(page);
      await keepShot(page, { path: `/tmp/shots/i18n/ar-${name}-${width}.png`, fullPage: true });
      await keepShot(page, { path: `/tmp/shots/i18n/ar-${name}-${width}-top.png` });
    }
  }
  // A price reads left to right inside the Arabic text.
  await shop.open(ARABIC_PAGES.product);
  await expect(page.locator('[data-price-now]')).toHaveText(/^\u2066\$[\d,.]+\u2069$/);
});

async function productId(page: Page): Promise<number> {
  const res = await page.request.get(`/api/v1/product/${plain.slug}`);
  return (await res.json()).data.id as number;
}

for (const [name, path] of Object.entries(ARABIC_PAGES).filter(([n]) => n !== 'account')) {
  test(`axe finds no serious or critical problem on the Arabic ${name} page`, async ({ shop, page }) => {
    await shop.open(path);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('axe finds no serious or critical problem on the Arabic account page', async ({ shop, page }) => {
  await signIn(page, uniqueEmail('axe-ar'), 'سارة');
  await shop.open(ARABIC_PAGES.account);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('prefixed pages carry hreflang alternates and their own canonical', async ({ shop, page }) => {
  await shop.open(`/ar${productUrl(plain)}`);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe(`/ar${productUrl(plain)}`);
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]));
  expect(alternates).toEqual(
    expect.arrayContaining([
      ['en', productUrl(plain)],
      ['ar', `/ar${productUrl(plain)}`],
      ['fr', `/fr${productUrl(plain)}`],
      ['x-default', productUrl(plain)],
    ]),
  );
});

test('the API answers in the Language header’s language', async ({ request }) => {
  const ar = await request.get('/api/v1/product/no-such-product-anywhere', { headers: { language: 'ar' } });
  expect(ar.status()).toBe(404);
  expect((await ar.json()).message).toBe('تعذّر العثور على هذا المنتج.');
  const fr = await request.get('/api/v1/localization?locale_code=fr', { headers: { language: 'fr' } });
  expect((await fr.json()).data.messages.cart.productAdded).toBe('Produit ajouté au panier');
});

test('the language survives a restart of the browser (the one-year cookie)', async ({ shop, page, browser, baseURL }) => {
  await shop.open('/');
  await chooseLanguage(page, 'header', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const state = await page.context().storageState();
  // A restarted browser keeps only cookies with an expiry: drop the session-only ones.
  const persistent = { ...state, cookies: state.cookies.filter((c) => c.expires > 0) };
  const again = await browser.newContext({ storageState: persistent, baseURL });
  const fresh = await again.newPage();
  await fresh.goto('/');
  // The cookie sends the unprefixed home page to its Arabic URL.
  await expect(fresh).toHaveURL(/\/ar$/);
  await expect(fresh.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(fresh.locator('html')).toHaveAttribute('lang', 'ar');
  await again.close();
});

test('the mega menu, the compact menu and the switcher open toward the page’s start in Arabic (screenshots)', async ({ shop, page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shop.open('/ar');
  const menu = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
  await menu.getByText('الفئات', { exact: true }).hover();
  await menu.locator('[data-category]').first().hover();
  await expect(menu.locator('.mega-products').getByRole('link').first()).toBeVisible();
  // The panel lies within the window: nothing of it hangs off either side.
  const box = (await menu.locator('.mega-products').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  await expect(menu.locator('.mega-products')).toContainText('$');
  // The island writes its product links in the page's language too.
  await expect(menu.locator('.mega-products a').first()).toHaveAttribute('href', /^\/ar\/products\/product\//);
  await keepShot(page, { path: '/tmp/shots/i18n/ar-mega-menu-1280.png' });
  await page.mouse.move(640, 700);

  await page.locator('.lang-switch-header summary').click();
  await expect(page.locator('.lang-switch-header').getByRole('button', { name: 'Français' })).toBeVisible();
  await keepShot(page, { path: '/tmp/shots/i18n/ar-switcher-1280.png' });

  await page.setViewportSize({ width: 390, height: 900 });
  await shop.open('/ar');
  await page.locator('.compact-menu > summary').click();
  await expect(page.locator('.compact-menu[open]')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepShot(page, { path: '/tmp/shots/i18n/ar-compact-menu-390.png' });
});

test('the home slider moves toward the page’s end in Arabic: next goes left, previous comes back', async ({ shop, page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shop.open('/ar');
  const strip = page.locator('[data-slider] .slides');
  const scrollLeft = () => strip.evaluate((el) => el.scrollLeft);
  await page.getByRole('button', { name: 'الشريحة التالية' }).click();
  // Right to left, the strip scrolls into negative offsets: the second slide comes in from the left.
  await expect.poll(scrollLeft).toBeLessThan(-100);
  await page.getByRole('button', { name: 'الشريحة السابقة' }).click();
  await expect.poll(scrollLeft).toBeGreaterThan(-5);
});
