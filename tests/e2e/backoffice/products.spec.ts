import sharp from 'sharp';
import { test, expect } from '../fixtures';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';

/**
 * The catalogue editor as an operator meets it (issue 33), with JavaScript off: a new product with a picture,
 * published from its form, is in the shop at once with that picture.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('the owner adds a product with a picture (JavaScript off) and sees it in the shop', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
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
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Pictures', { exact: true }).setInputFiles({ name: 'charger.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByRole('button', { name: 'Create the product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  await expect(page.getByText('The product is created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pictures' })).toBeVisible();
  await expect(page.getByText('Main picture')).toBeVisible();

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
  await context.close();
});
