import { test, expect } from '../fixtures';

/** Issue 11 item 5: a tap outside the open phone menu opened the product underneath. */
test.use({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });

test('tapping outside the open compact menu closes it and opens nothing', async ({ shop, page }) => {
  await shop.open('/all/chargers-adapters');
  const url = page.url();
  const menu = page.locator('details.compact-menu');
  await page.locator('details.compact-menu > summary').tap();
  await expect(menu).toHaveAttribute('open', '');
  const panel = (await page.locator('.compact-panel').boundingBox())!;
  // A point below the panel where, without a backdrop, a product tile would take the tap.
  const x = 195;
  const y = Math.min(panel.y + panel.height + 40, 780);
  expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('[data-dropdown-backdrop]') !== null, [x, y])).toBe(
    true,
  );
  await page.touchscreen.tap(x, y);
  await expect(menu).not.toHaveAttribute('open', '');
  await page.waitForLoadState('load');
  expect(page.url()).toBe(url);
});

test('the menu button above the backdrop still closes the menu', async ({ shop, page }) => {
  await shop.open('/all/chargers-adapters');
  const summary = page.locator('details.compact-menu > summary');
  await summary.tap();
  await expect(page.locator('details.compact-menu')).toHaveAttribute('open', '');
  await summary.tap();
  await expect(page.locator('details.compact-menu')).not.toHaveAttribute('open', '');
});
