import { test, expect } from '../fixtures';
import { listingEnvelope } from './helpers';

test.describe('Categories mega menu', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('focusing a category with the keyboard loads its products, once per category', async ({ shop, page }) => {
    const asked: string[] = [];
    await page.route(/\/api\/v1\/all\?/, async (route) => {
      const url = new URL(route.request().url());
      asked.push(url.searchParams.get('category')!);
      expect(url.searchParams.get('per_page')).toBe('6');
      await route.fulfill({ json: listingEnvelope(url.searchParams.get('category')!) });
    });
    await shop.open('/site-map');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Categories', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const first = menu.locator('[data-category]').first();
    const slug = (await first.getAttribute('data-category'))!;
    const title = (await first.getAttribute('data-title'))!;
    await expect(first.getByRole('link').first()).toBeFocused();
    const panel = menu.locator('.mega-products');
    await expect(panel.getByRole('heading', { name: `Products in ${title}` })).toBeVisible();
    await expect(panel.getByRole('link')).toHaveCount(6);
    await expect(panel.getByRole('link').first()).toHaveAttribute('href', `/products/product/${slug}-item-1`);
    await expect(panel.getByRole('link').first()).toContainText(`${slug} item 1`);
    await expect(panel.getByRole('link').first()).toContainText('$19.99');
    await expect(panel.locator('img').first()).toHaveAttribute('src', '/images/placeholder.svg');
    // Sub-categories of the focused category are reachable too.
    await expect(first.locator('.mega-subs')).toBeVisible();
    // Hover another category, then come back: the first one is not asked for again.
    const second = menu.locator('[data-category]').nth(1);
    await second.hover();
    await expect(panel.getByRole('heading', { name: `Products in ${await second.getAttribute('data-title')}` })).toBeVisible();
    await first.hover();
    await expect(panel.getByRole('heading', { name: `Products in ${title}` })).toBeVisible();
    expect(asked).toEqual([slug, await second.getAttribute('data-category')]);
  });

  test('shows a loading state, then an error state it can recover from', async ({ shop, page }) => {
    let release: () => void = () => {};
    let fail = true;
    await page.route(/\/api\/v1\/all\?/, async (route) => {
      if (fail) {
        await new Promise<void>((r) => (release = r));
        await route.fulfill({
          status: 500,
          json: { status: 500, message: 'Something went wrong on our side.', data: { form: ['Something went wrong on our side.'] } },
        });
      } else {
        await route.fulfill({ json: listingEnvelope('x', 2) });
      }
    });
    await shop.open('/site-map');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Categories', { exact: true }).click();
    const first = menu.locator('[data-category]').first();
    await first.hover();
    const panel = menu.locator('.mega-products');
    await expect(panel).toContainText('Loading products…');
    await expect(panel).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(panel).toContainText('Products could not be loaded. Try again.');
    fail = false;
    await menu.locator('[data-category]').nth(1).hover();
    await first.hover();
    await expect(panel.getByRole('link')).toHaveCount(2);
  });

  test('opens on hover', async ({ shop, page }) => {
    await shop.open('/site-map');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Categories', { exact: true }).hover();
    await expect(menu.locator('[data-category]').first()).toBeVisible();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`compact menu at 390 px with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test('replaces the wide menu and opens to every entry', async ({ shop, page }) => {
      await shop.open('/site-map');
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
      await page.getByRole('banner').locator('summary', { hasText: 'Menu' }).click();
      const compact = page.getByRole('navigation', { name: 'Menu', exact: true });
      await expect(compact.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(compact.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/discover/products');
      await expect(compact.getByRole('link', { name: 'Contact Us' })).toBeVisible();
      await expect(compact.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
      await compact.getByText('Categories', { exact: true }).click();
      await expect(compact.getByRole('link', { name: 'Power Banks', exact: true })).toHaveAttribute('href', '/all/power-banks');
      await compact.getByText('Support', { exact: true }).click();
      await expect(compact.getByRole('link', { name: 'Product Tracking' })).toBeVisible();
    });

    test('keeps the search reachable', async ({ shop, page }) => {
      await shop.open('/site-map');
      if (javaScriptEnabled) {
        await expect(page.getByRole('combobox', { name: 'Search' })).toBeHidden();
        const toggle = page.getByRole('button', { name: 'Show search' });
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
      await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
    });
  });
}
