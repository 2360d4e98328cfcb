import AxeBuilder from '@axe-core/playwright';
import { test, expect, keepShot } from '../fixtures';
import { showNotices } from './helpers';

for (const path of ['/', '/site-map']) {
  test(`axe finds no serious or critical problem on ${path}`, async ({ shop, page }) => {
    await shop.open(path);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('axe is also happy with the menu and notices open', async ({ shop, page, context }) => {
  await showNotices(context);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shop.open('/site-map');
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => v.id)).toEqual([]);
});

test('landmarks, one h1, a skip link and no CSP violation', async ({ shop, page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await shop.open('/site-map');
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site map');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(violations).toEqual([]);
});

test('the site map lists every section and each category with its sub-categories', async ({ shop, page, counts }) => {
  await shop.open('/site-map');
  const main = page.getByRole('main');
  for (const name of ['Shop', 'Help and policies', 'Your account', 'Categories and sub-categories']) {
    await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  const catalog = main.locator('.catalog > ul > li');
  await expect(catalog).toHaveCount(counts.categories);
  await expect(main.getByRole('link', { name: 'Power Banks', exact: true })).toHaveAttribute('href', '/all/power-banks');
  await expect(main.getByRole('link', { name: 'Pocket Power Banks' })).toHaveAttribute('href', /^\/all\/power-banks\//);
});

test.describe('screenshots', () => {
  for (const width of [390, 1280]) {
    test(`home and site map at ${width} px with the menu open`, async ({ shop, page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.route(/\/api\/v1\/all\?/, async (route) => {
        const { listingEnvelope } = await import('./helpers');
        await route.fulfill({ json: listingEnvelope(new URL(route.request().url()).searchParams.get('category')!) });
      });
      for (const [name, path] of [
        ['home', '/'],
        ['site-map', '/site-map'],
      ] as const) {
        await shop.open(path);
        if (width >= 992) {
          const menu = page.getByRole('navigation', { name: 'Main menu' });
          await menu.getByText('Categories', { exact: true }).click();
          await menu.locator('[data-category]').nth(1).hover();
          await expect(menu.locator('.mega-products').getByRole('link')).toHaveCount(6);
        } else {
          await page.getByRole('banner').locator('summary', { hasText: 'Menu' }).click();
          await page.getByRole('navigation', { name: 'Menu', exact: true }).getByText('Categories', { exact: true }).click();
        }
        await keepShot(page, { path: `/tmp/shots/shell/e2e-${name}-${width}-menu.png` });
        await keepShot(page, { path: `/tmp/shots/shell/e2e-${name}-${width}-full.png`, fullPage: true });
      }
    });
  }
});

// Issue 31: the tiles' "Add to cart" and the header cart link had names that did not contain their visible
// text (axe's label-content-name-mismatch, serious, on every catalog page), with and without a cart count.
test('accessible names contain the visible text on a catalog page, with an item in the cart too', async ({ shop, page, known }) => {
  const check = async () => {
    const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.html}`));
  };
  await shop.open(`/search?q=${encodeURIComponent(known.plain.title)}`);
  const add = page.locator('main article').filter({ hasText: known.plain.title }).locator('.tile-add-btn');
  await expect(add).toBeVisible();
  expect(await check()).toEqual([]);
  await add.click();
  await expect(page.locator('[data-cart-count]').first()).toHaveText('1');
  await shop.open('/products');
  await expect(page.locator('[data-cart-count]').first()).toHaveText('1');
  expect(await check()).toEqual([]);
});
