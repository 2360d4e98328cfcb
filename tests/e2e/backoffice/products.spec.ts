import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';

/**
 * The catalogue editor as an operator meets it (issue 33): a new product with two pictures, published from its form,
 * is in the shop at once with them — at 1280 px with JavaScript off, and at 390 px with JavaScript on, where the
 * operator then changes its price in the bulk grid with the keyboard and the shop shows the new price.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const picture = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Signs in as the owner, adds a published product with two pictures, and opens it in the shop; its title. */
async function addProduct(page: Page): Promise<string> {
  await page.goto('/login?redirect=%2Fadmin%2Fproducts');
  await page.getByLabel('Email').fill(DEMO_OWNER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();

  await page.getByRole('link', { name: 'Add a product' }).click();
  const title = `E2E Desk Charger ${Date.now().toString(36)}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Store', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByLabel('Selling price (in cents)').fill('2599');
  await page.getByLabel('Stock', { exact: true }).fill('7');
  await page.getByLabel('Pictures', { exact: true }).setInputFiles([
    { name: 'charger.jpg', mimeType: 'image/jpeg', buffer: await picture('#1d4ed8') },
    { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await picture('#b45309') },
  ]);
  await page.getByRole('button', { name: 'Create the product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  await expect(page.getByText('The product is created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pictures' })).toBeVisible();
  await expect(page.getByText('Main picture', { exact: true })).toBeVisible();
  await expect(page.locator('.bo-pictures > li')).toHaveCount(2);

  await page.getByRole('link', { name: 'See it in the shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const src = await page.locator('.pd-gallery img').first().getAttribute('src');
  expect(src).toMatch(/^\/uploads\/products\/[a-f0-9]{24}-zoom\.jpg$/);
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  // The sizes come WebP first, with the fallback's srcset on the picture itself.
  const webpSet = await page.locator('.pd-gallery source[type="image/webp"]').first().getAttribute('srcset');
  expect(webpSet).toContain('-card.webp 400w');
  const webp = await page.request.get(src!.replace('-zoom.jpg', '-card.webp'));
  expect(webp.headers()['content-type']).toBe('image/webp');
  return title;
}

test('at 1280 px with JavaScript off: the owner adds a product with two pictures and sees it in the shop', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const title = await addProduct(page);
  const shopUrl = page.url();

  // Its price changed through the catalogue file: the list's export, edited, uploaded, previewed, confirmed.
  const exported = await (await page.request.get(`/api/v1/admin/products/export?q=${encodeURIComponent(title)}`)).text();
  const [header, row] = exported.trim().split('\n');
  const at = header!.split(',').indexOf('selling');
  const edited = `${header}\n${row!
    .split(',')
    .map((cell, i) => (i === at ? '2799' : cell))
    .join(',')}\n`;
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Import a CSV' }).click();
  await page.getByLabel('Products CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('Changed products: 1')).toBeVisible();
  await expect(page.getByRole('row', { name: /selling 2599 2799/ })).toBeVisible();
  await page.getByRole('button', { name: 'Import these changes' }).click();
  await expect(page.getByText('Imported: 0 new, 1 changed, 0 unchanged.')).toBeVisible();
  await page.goto(shopUrl);
  await expect(page.locator('.pd-price').first()).toContainText('27.99');

  // The grid without JavaScript is a form of inputs, right to left in Arabic.
  await page.goto(`/ar/admin/products/grid?q=${encodeURIComponent(title)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('input[name="selling"]')).toHaveValue('2799');
  await context.close();
});

test('at 390 px with JavaScript on: the same, then its price changed in the bulk grid with the keyboard', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const title = await addProduct(page);
  const shopUrl = page.url();

  await page.goto(`/admin/products/grid?q=${encodeURIComponent(title)}`);
  const selling = page.getByRole('textbox', { name: `Selling price (cents) of ${title}` });
  // Hydrated: the island marks a changed cell and answers the keyboard.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });
  await selling.fill('3199');
  await expect(selling.locator('xpath=..')).toHaveClass(/bo-grid-changed/);
  await selling.press('ArrowRight');
  await expect(page.getByRole('textbox', { name: `Offered price (cents) of ${title}` })).toBeFocused();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Products saved: 1.')).toBeVisible();

  await page.goto(shopUrl);
  await expect(page.locator('.pd-price').first()).toContainText('31.99');
  await context.close();
});
