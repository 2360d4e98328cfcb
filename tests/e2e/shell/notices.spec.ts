import { test, expect } from '../fixtures';
import { showNotices } from './helpers';

test.describe('banners and notices', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.beforeEach(async ({ context }) => showNotices(context));

  test('the popup banner blocks scrolling until closed, and stays closed', async ({ shop, page }) => {
    await shop.open('/site-map');
    const popup = page.getByRole('dialog', { name: /WELCOME5/ });
    await expect(popup).toBeVisible();
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
    await page.reload();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('following the popup banner also closes it for good', async ({ shop, page }) => {
    await shop.open('/site-map');
    await page.getByRole('dialog').getByRole('link').click();
    await shop.open('/site-map');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the popup closes with Escape and its height stays within 500 px', async ({ shop, page }) => {
    await shop.open('/site-map');
    const box = await page.locator('.popup-dialog').boundingBox();
    expect(box!.height).toBeLessThanOrEqual(500);
    const dialog = page.getByRole('dialog');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the top banner closes, reloads the page, and stays closed', async ({ shop, page }) => {
    await shop.open('/site-map');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const banner = page.getByRole('link', { name: /Flash sale: up to 40% off/ });
    await expect(banner).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Close banner' }).click();
    await reloaded;
    await expect(banner).toBeHidden();
    await shop.open('/site-map');
    await expect(banner).toBeHidden();
  });

  test('the cookie notice is dismissed once and remembered', async ({ shop, page }) => {
    await shop.open('/site-map');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const notice = page.getByRole('region', { name: 'Privacy policy' });
    await expect(notice).toContainText('We use cookies');
    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByText('We use cookies')).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the popup and top banner stay hidden; the cookie notice shows (its form closes it: phone-shell.spec)', async ({
    shop,
    page,
    context,
  }) => {
    await showNotices(context);
    await shop.open('/site-map');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('link', { name: /Flash sale: up to 40% off/ })).toBeHidden();
    await expect(page.getByText('We use cookies')).toBeVisible();
  });
});

test('the toast shows a message and hides itself after 5000 ms', async ({ shop, page }) => {
  await page.clock.install();
  await shop.open('/site-map');
  // Errors now sit beside their fields; a success is what the toast says.
  await page.getByRole('contentinfo').getByRole('textbox', { name: 'Email address' }).fill(`toast-${Date.now()}@example.com`);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
  const toast = page.getByRole('status');
  await expect(toast).toContainText('Almost done: check your email and open the link to confirm your subscription.');
  await expect(toast.locator('.toast')).not.toHaveClass(/toast-error/);
  await page.clock.runFor(4000);
  await expect(toast).toContainText('Almost done: check your email and open the link to confirm your subscription.');
  await page.clock.runFor(1100);
  await expect(toast.locator('.toast')).toBeHidden();
});
