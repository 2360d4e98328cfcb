import sharp from 'sharp';
import { test, expect, keepShot } from '../fixtures';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';

/**
 * Issue 34's journey: the operator (plain forms, JavaScript off) changes the primary colour, adds a banner to the
 * home page and publishes a blog post with its Arabic version; a shopper on /ar sees all three. The colour is put
 * back at the end: the suite's other specs share this shop.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const COLOUR = '#1d4ed8'; // 6.7 to 1 with white text: passes WCAG AA

test('the operator’s colour, banner and Arabic post are on the Arabic storefront at once', async ({ browser, baseURL, page: shop }) => {
  const tag = Date.now().toString(36);
  const operator = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const admin = await operator.newPage();
  await admin.goto('/login?redirect=%2Fadmin%2Fsettings');
  await admin.getByLabel('Email').fill(DEMO_OWNER);
  await admin.getByLabel('Password').fill(DEMO_PASSWORD);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin).toHaveURL(/\/admin\/settings$/);

  // 1. The primary colour.
  const colour = admin.getByLabel('Primary colour', { exact: true });
  const before = await colour.inputValue();
  await colour.fill(COLOUR);
  await admin.getByRole('button', { name: 'Save the settings' }).click();
  await expect(admin.getByText('The settings are saved; every page shows them now.')).toBeVisible();

  // 2. A banner in the home page's first block.
  const title = `Journey banner ${tag}`;
  await admin.goto('/admin/banners/new');
  await admin.getByLabel('Where it shows').selectOption('2');
  await admin.getByLabel('Title', { exact: true }).fill(title);
  const picture = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();
  await admin.getByLabel('Picture').setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: picture });
  await admin.getByLabel('Link type').selectOption('6');
  await admin.getByLabel('Link', { exact: true }).fill('/blog');
  await admin.getByRole('button', { name: 'Save the banner' }).click();
  await expect(admin.getByText('The banner is saved; the storefront shows the change now.')).toBeVisible();

  // 3. A blog post, then its Arabic version.
  const slug = `journey-${tag}`;
  await admin.goto('/admin/blog/new');
  await admin.getByLabel('Title', { exact: true }).fill('Charging on the road');
  await admin.getByLabel('Slug (web address)').fill(slug);
  await admin.locator('textarea#f-content').fill('<p>Three tips for charging on the road.</p>');
  await admin.getByRole('button', { name: 'Save the post' }).click();
  await expect(admin.getByText('The post is saved.')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/blog\/\d+\?lang=en$/);
  await admin.getByRole('link', { name: 'العربية' }).click();
  await expect(admin).toHaveURL(/\?lang=ar$/);
  await admin.getByLabel('Title', { exact: true }).fill('الشحن أثناء السفر');
  await admin.getByLabel('Summary').fill('ثلاث نصائح للشحن في الطريق.');
  await admin.locator('textarea#f-content').fill('<p>ثلاث نصائح للشحن أثناء السفر.</p>');
  await admin.getByRole('button', { name: 'Save the post' }).click();
  await expect(admin.getByText('The post is saved.')).toBeVisible();
  await keepShot(admin, { path: 'test-results/content-journey-admin.png', fullPage: true });

  // The shopper (the suite's returning shopper: the popup and cookie notice closed before), in Arabic, on a phone.
  await shop.setViewportSize({ width: 390, height: 844 });
  await shop.goto('/ar');
  await expect(shop.locator('html')).toHaveAttribute('dir', 'rtl');
  const primary = () => shop.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
  expect(await primary()).toBe(COLOUR);
  await expect(shop.locator('.banner-block strong', { hasText: title })).toBeVisible();
  await shop.goto('/ar/blog');
  await expect(shop.getByText('ثلاث نصائح للشحن في الطريق.')).toBeVisible();
  await shop.getByRole('link', { name: 'الشحن أثناء السفر' }).first().click();
  await expect(shop).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(shop.getByRole('heading', { level: 1, name: 'الشحن أثناء السفر' })).toBeVisible();
  await expect(shop.locator('.post-article .prose')).toContainText('ثلاث نصائح للشحن أثناء السفر.');
  await keepShot(shop, { path: 'test-results/content-journey-shopper.png', fullPage: true });

  // The colour back as it was, for the other specs.
  await admin.goto('/admin/settings');
  await admin.getByLabel('Primary colour', { exact: true }).fill(before);
  await admin.getByRole('button', { name: 'Save the settings' }).click();
  await expect(admin.getByText('The settings are saved; every page shows them now.')).toBeVisible();
  await expect(admin.getByLabel('Primary colour', { exact: true })).toHaveValue(before);
  await operator.close();
});
