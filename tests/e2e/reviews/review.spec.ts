import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, keepShot } from '../fixtures';
import { cardFigures, deliveredOrder, look, photoFile, reviewTotal } from './review-page';

test.describe.configure({ timeout: 240_000 });

const photoDir = fs.mkdtempSync('/tmp/voltmart-review-photos-');

test('a shopper reviews a delivered line with a photo; it shows on the product page and the rating and count follow', async ({
  page,
  known,
  baseURL,
  playwright,
}) => {
  const { orderId, product } = await deliveredOrder(page, baseURL!, known, 5);
  // A guest looked at the product before: its page is in the guest cache.
  const guest = await playwright.request.newContext({ baseURL });
  const before = await reviewTotal(guest, product.slug);
  const cardBefore = await cardFigures(guest, product);
  expect((await guest.get(`/products/product/${product.slug}`)).status()).toBeLessThan(500);

  await page.goto(`/user/order/${orderId}/review`);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();
  const line = page.getByRole('form', { name: product.title });
  await expect(line).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`)).toEqual([]);
  await look(page, 'empty-form');

  // The stars are radio buttons: reach them with Tab, choose with the arrow keys.
  await line.getByRole('radio', { name: '1 star', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(line.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await line.getByLabel('Your review').fill('Charges my phone fast and stays cool.');
  await line.getByLabel('Add photos').setInputFiles(await photoFile(photoDir, 'desk.jpg', '#c0392b'));
  await line.getByRole('button', { name: 'Save review' }).click();

  await expect(page.getByText('Thank you! Your review is saved.').first()).toBeVisible({ timeout: 30_000 });
  const saved = page.getByRole('form', { name: product.title });
  await expect(saved.getByRole('button', { name: 'Update review' })).toBeVisible();
  await expect(saved.getByRole('checkbox', { name: 'Remove photo 1' })).toBeVisible();
  await look(page, 'saved');

  // The product page, as the guest sees it now (its cached copy was dropped).
  await page.context().clearCookies();
  await page.goto(`/products/product/${product.slug}#reviews`);
  const reviews = page.locator('#reviews');
  const mine = reviews.getByRole('listitem').filter({ hasText: 'Charges my phone fast and stays cool.' });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: '4 out of 5' })).toBeVisible();
  const photo = mine.getByRole('img', { name: 'Photo from Rita Reviewer' });
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await expect(photo).toHaveAttribute('src', /^\/uploads\/reviews\/[0-9a-f]{24}\.jpg$/);
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
  expect(await reviewTotal(guest, product.slug)).toBe(before + 1);
  // The product's own rating link (the suggested products' cards carry counts of their own).
  await expect(page.locator('a[href="#reviews"]', { hasText: new RegExp(`\\b${before + 1} reviews?`) })).toBeVisible();
  await mine.scrollIntoViewIfNeeded();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(mine, { path: `test-results/reviews-product-page-${width}.png` });
  }
  const cardAfter = await cardFigures(guest, product);
  if (cardBefore) expect(cardAfter?.review_count).toBe(cardBefore.review_count + 1);
  else expect(cardAfter).toMatchObject({ review_count: 1, rating: 4 });
  await guest.dispose();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the review form posts, comes back with its errors, saves, and edits (a photo removed, the rating changed)', async ({
    page,
    known,
    baseURL,
    playwright,
  }) => {
    const { orderId, product } = await deliveredOrder(page, baseURL!, known, 6);
    const guest = await playwright.request.newContext({ baseURL });
    const before = await reviewTotal(guest, product.slug);
    await page.goto(`/user/order/${orderId}/review`);
    const line = page.getByRole('form', { name: product.title });

    // A file that only claims to be a picture: refused with the spec's message, beside the field.
    const fake = `${photoDir}/notes.png`;
    fs.writeFileSync(fake, 'these are notes, not a photo');
    await line.getByRole('radio', { name: '2 stars' }).check();
    await line.getByLabel('Your review').fill('Too slow for my laptop.');
    await line.getByLabel('Add photos').setInputFiles(fake);
    await line.getByRole('button', { name: 'Save review' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/order/${orderId}/review$`));
    const again = page.getByRole('form', { name: product.title });
    await expect(again.getByRole('alert')).toHaveText('Supported images: jpg, png (Max size: 1000kb)');
    await expect(again.getByLabel('Add photos')).toHaveAttribute('aria-invalid', 'true');
    // What was typed is kept.
    await expect(again.getByLabel('Your review')).toHaveValue('Too slow for my laptop.');
    await expect(again.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(await reviewTotal(guest, product.slug)).toBe(before);
    await look(page, 'nojs-error');

    await again
      .getByLabel('Add photos')
      .setInputFiles([await photoFile(photoDir, 'a.jpg', '#2e86de'), await photoFile(photoDir, 'b.jpg', '#10ac84')]);
    await again.getByRole('button', { name: 'Save review' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/order/${orderId}/review#review-${product.id}$`));
    await expect(page.getByText('Thank you! Your review is saved.')).toBeVisible();
    const saved = page.getByRole('form', { name: product.title });
    await expect(saved.getByRole('img', { name: /^Your photo \d of / })).toHaveCount(2);
    expect(await reviewTotal(guest, product.slug)).toBe(before + 1);

    await saved.getByRole('checkbox', { name: 'Remove photo 1' }).check();
    await saved.getByRole('radio', { name: '5 stars' }).check();
    await saved.getByLabel('Your review').fill('Fine after the firmware update.');
    await saved.getByRole('button', { name: 'Update review' }).click();
    await expect(page.getByText('Your review is updated.')).toBeVisible();
    await expect(page.getByRole('form', { name: product.title }).getByRole('img', { name: /^Your photo \d of / })).toHaveCount(1);
    await look(page, 'nojs-edited');

    const review = (await (await guest.get(`/api/v1/reviews/${product.slug}`)).json()).data.all.find(
      (r: { review: string }) => r.review === 'Fine after the firmware update.',
    );
    expect(review).toMatchObject({ rating: 5, author: 'Rita Reviewer' });
    expect(review.images).toHaveLength(1);
    expect(await reviewTotal(guest, product.slug)).toBe(before + 1);
    await guest.dispose();
  });
});

test('an undelivered or unknown order has no review form', async ({ page }) => {
  await page.request.post('/test-only/session', { data: { email: `nobody.${Date.now()}@example.com` } });
  expect((await page.goto('/user/order/999999999/review'))!.status()).toBe(404);
  expect((await page.goto('/user/order/abc/review'))!.status()).toBe(404);
});
