import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { signIn, uniqueEmail } from '../account/helpers';
import { showNotices } from './helpers';

/** axe on the pages issue 11 changed, in the states it changed them (phone width, errors shown, menus open). */
async function seriousProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('at 390 px on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const path of ['/', '/flash-sale', '/all/chargers-adapters?page=99', '/products/product/kinetiq-nova-pro-usb-c-wall-charger']) {
    test(`axe finds no serious problem on ${path}`, async ({ shop, page }) => {
      test.setTimeout(180_000);
      await shop.open(path);
      expect(await seriousProblems(page)).toEqual([]);
    });
  }

  // The cookie notice's markup (its plain form) is the same with JavaScript off; axe itself needs JavaScript.
  test('axe: the compact menu open over its backdrop, and the notices', async ({ shop, page, context }) => {
    test.setTimeout(180_000);
    await showNotices(context);
    await shop.open('/all/chargers-adapters');
    expect(await seriousProblems(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.locator('details.compact-menu > summary').tap();
    await expect(page.locator('details.compact-menu')).toHaveAttribute('open', '');
    expect(await seriousProblems(page)).toEqual([]);
  });

  test('axe: register with its errors shown, and the profile page', async ({ shop, page }) => {
    test.setTimeout(180_000);
    await shop.open('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('[data-error-for="name"]')).toHaveText('Name is required');
    expect(await seriousProblems(page)).toEqual([]);
    await signIn(page, uniqueEmail('axe-profile'));
    await shop.open('/user/profile');
    expect(await seriousProblems(page)).toEqual([]);
  });
});
