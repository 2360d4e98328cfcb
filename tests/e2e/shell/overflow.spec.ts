import { test, expect, type ShopPage } from '../fixtures';
import type { Page } from '@playwright/test';
import { productUrl } from '@/lib/urls';
import { KNOWN_PRODUCTS } from '@/server/demo/known';
import { signIn, uniqueEmail } from '../account/helpers';

/**
 * No page is wider than a phone (issue 11, item 1): every page of the site map, a few product pages
 * and the signed-in account pages, at 320, 390 and 768 px in phone emulation, with the first-visit
 * popup open and after closing it. In phone emulation the layout viewport grows to fit a too-wide page,
 * so the page's width is compared with the width the phone has, not with `innerWidth`.
 */
const ACCOUNT_PAGES = [
  '/user/profile',
  '/user/addresses',
  '/user/addresses?add=shipping',
  '/user/vouchers',
  '/user/orders',
  '/user/wishlists',
  '/user/compared',
  '/user/following',
];
const PRODUCT_PAGES = [KNOWN_PRODUCTS.withVariants, KNOWN_PRODUCTS.plain, KNOWN_PRODUCTS.inFlashSale].map((p) => productUrl(p));

const LONG_ADDRESS = {
  name: 'Maximilian Alexander Longname-Smythe',
  email: 'maximilian.alexander.longname@example-company.com',
  phone: '555-123-4567',
  country: 'US',
  state: 'NY',
  city: 'New York',
  zip: '10001',
  address_1: '1234 Extraordinarily Long Avenue Name',
  address_2: 'Apartment 56B',
};

/** Every first-visit notice shows again on each page load (the fixture's returning shopper is undone each time). */
async function firstVisitOnEveryLoad(page: Page) {
  await page.context().clearCookies({ name: 'frontend_cookie_notice' });
  await page.context().addInitScript(() => {
    try {
      for (const key of Object.keys(localStorage)) if (key.startsWith('voltmart:dismissed:')) localStorage.removeItem(key);
    } catch {
      // No localStorage on opaque origins.
    }
  });
}

async function siteMapPaths(shop: ShopPage, page: Page): Promise<string[]> {
  await shop.open('/site-map');
  const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return [...new Set(['/site-map', ...hrefs, ...PRODUCT_PAGES])];
}

const WIDTHS = [320, 390, 768];
const HEIGHT = 800;

/**
 * How far the page is wider than each phone width, with the popup open (when the page has one) and closed. The page
 * is loaded once, at the narrowest width, and the phone is turned to each width in turn (the layout is drawn again
 * at each, as on a phone that rotates): a page load at every width tripled this spec's time.
 */
async function overflowOf(shop: ShopPage, page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
  await shop.open(path);
  const measure = async (state: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > width) problems.push(`${path} (${state}) is ${wide} px wide at ${width} px`);
      if (state !== 'popup open') continue;
      const box = (await page.locator('.popup-dialog').boundingBox())!;
      const centred = Math.abs(box.x - (width - box.x - box.width)) <= 2;
      if (box.x < 0 || box.y < 0 || box.x + box.width > width || box.y + box.height > HEIGHT || !centred) {
        problems.push(`${path}: the popup is not centred on screen at ${width} px (${JSON.stringify(box)})`);
      }
    }
  };
  const popup = page.locator('.popup-dialog');
  if (await popup.isVisible()) {
    await measure('popup open');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
  }
  await measure('popup closed');
  return problems;
}

test.describe('on a phone at 320, 390 and 768 px', () => {
  test.use({ viewport: { width: WIDTHS[0]!, height: HEIGHT }, isMobile: true, hasTouch: true });

  test('no page of the site map is wider than the phone, popup open or closed', async ({ shop, page }) => {
    test.setTimeout(240_000);
    await firstVisitOnEveryLoad(page);
    const problems: string[] = [];
    for (const path of await siteMapPaths(shop, page)) problems.push(...(await overflowOf(shop, page, path)));
    expect(problems).toEqual([]);
  });

  test('no account page is wider than the phone', async ({ shop, page }) => {
    test.setTimeout(120_000);
    await firstVisitOnEveryLoad(page);
    await signIn(page, uniqueEmail('wide'));
    // A saved address with a long e-mail: its card made /user/addresses scroll sideways.
    const saved = await page.request.post('/api/v1/user/address/action', { data: LONG_ADDRESS });
    expect(saved.status(), await saved.text()).toBe(200);
    const problems: string[] = [];
    for (const path of ACCOUNT_PAGES) problems.push(...(await overflowOf(shop, page, path)));
    expect(problems).toEqual([]);
  });
});
