import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, keepShot } from '../fixtures';
import { mailCode, nextMail, signInWithForm, signUpByApi, uniqueEmail } from '../fixtures/auth';
import { signIn, watchConsole } from '../account/helpers';
import { productUrl } from '@/lib/urls';
import { ListButtons, listCount, productsForLists } from './lists-page';

for (const javaScriptEnabled of [true, false]) {
  const js = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;
  test.describe(`lists with ${js}`, () => {
    test.use({ javaScriptEnabled });

    test('a guest pressing wishlist or compare goes to /login and comes back to the product', async ({ page, playwright, baseURL }) => {
      const email = uniqueEmail('lists-guest');
      const api = await playwright.request.newContext({ baseURL });
      await signUpByApi(api, email, 'lists-pass');
      await api.post('/api/v1/user/verify', { data: { email, code: mailCode(await nextMail(email)) } });
      const { same } = await productsForLists(api, 1);
      await api.dispose();
      const product = same[0]!;
      const buttons = new ListButtons(page);
      const back = encodeURIComponent(productUrl(product));

      await buttons.open(product);
      await buttons.compare().click();
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${back.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await buttons.open(product);
      await buttons.wishlist().click();
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await signInWithForm(page, email, 'lists-pass');
      await expect(page).toHaveURL(new RegExp(`${productUrl(product)}$`));
      await expect(buttons.wishlist()).toHaveAttribute('aria-pressed', 'false');
    });

    test('the heart toggles on and off; the wishlist page counts, adds to cart by form and removes', async ({ page }) => {
      test.slow(); // signs in, five pages and an axe scan
      const problems = watchConsole(page);
      await signIn(page, uniqueEmail('lists-wish'));
      const { same, categorySlug } = await productsForLists(page.request, 2);
      const buttons = new ListButtons(page);

      await buttons.open(same[0]!);
      await buttons.wishlist().click();
      await expect(buttons.wishlist()).toHaveAttribute('aria-pressed', 'true');
      await expect(buttons.toast()).toContainText('Added to your wishlist');
      await buttons.open(same[1]!);
      await buttons.wishlist().click();
      await expect(buttons.wishlist()).toHaveAttribute('aria-pressed', 'true');
      expect(await listCount(page.request, 'wishlist')).toBe(2);

      await buttons.wishlist().click();
      await expect(buttons.wishlist()).toHaveAttribute('aria-pressed', 'false');
      await expect(buttons.toast()).toContainText('Removed from your wishlist');
      expect(await listCount(page.request, 'wishlist')).toBe(1);

      // The listing's tile of the wishlisted product shows a pressed heart; pressing it takes it off.
      await page.goto(`/all/${categorySlug}`);
      await expect(page.getByRole('button', { name: `Wishlist ${same[0]!.title}` })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('button', { name: `Wishlist ${same[1]!.title}` })).toHaveAttribute('aria-pressed', 'false');

      await page.goto('/user/wishlists');
      await expect(page.getByText('1 product', { exact: true })).toBeVisible();
      if (javaScriptEnabled) {
        const axe = await new AxeBuilder({ page }).include('main').analyze();
        expect(axe.violations.map((v) => v.id)).toEqual([]);
      }
      const item = page.getByRole('listitem').filter({ hasText: same[0]!.title });
      await expect(item.getByRole('link', { name: same[0]!.title })).toBeVisible();
      await expect(item.locator('form[action="/api/v1/cart/action"] input[name="quantity"]')).toHaveValue('1');
      await item.getByRole('button', { name: `Remove ${same[0]!.title}` }).click();
      await expect(page.getByText('Products you add to your wish list with the heart button will be kept here.')).toBeVisible();
      expect(await listCount(page.request, 'wishlist')).toBe(0);
      expect(problems).toEqual([]);
    });

    test('compare: side by side with differences; a fifth or another category is refused with the reason', async ({ page }) => {
      test.slow(); // signs in, four pages, a full-page screenshot and an axe scan
      const problems = watchConsole(page);
      await signIn(page, uniqueEmail('lists-compare'));
      const { same, other, category } = await productsForLists(page.request, 5);
      const buttons = new ListButtons(page);

      await buttons.open(same[0]!);
      await buttons.compare().click();
      await expect(buttons.compare()).toHaveAttribute('aria-pressed', 'true');
      for (const p of same.slice(1, 3)) await page.request.post('/api/v1/user/compare-list/action', { data: { product_id: p.id } });
      expect(await listCount(page.request, 'compare-list')).toBe(3);

      await buttons.open(other);
      await buttons.compare().click();
      const reason = `Only products of one category can be compared. Your compared list holds ${category} products: remove them first to compare this one.`;
      await expect(buttons.toast()).toContainText(reason);
      if (javaScriptEnabled) await expect(buttons.toast().locator('[data-toast-title]')).toHaveText('Error');
      await expect(buttons.compare()).toHaveAttribute('aria-pressed', 'false');
      expect(await listCount(page.request, 'compare-list')).toBe(3);

      await page.request.post('/api/v1/user/compare-list/action', { data: { product_id: same[3]!.id } });
      await buttons.open(same[4]!);
      await buttons.compare().click();
      await expect(buttons.toast()).toContainText('You can compare up to 4 products at a time. Remove one from your compared list first.');
      expect(await listCount(page.request, 'compare-list')).toBe(4);

      await page.goto('/user/compared');
      const table = page.getByRole('table', { name: /Comparing 4/ });
      await expect(table.getByRole('columnheader')).toHaveCount(4);
      for (const p of same.slice(0, 4))
        await expect(table.getByRole('columnheader', { name: new RegExp(p.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
      for (const name of ['Image', 'Price', 'Rating', 'Brand', 'Stock'])
        await expect(table.getByRole('rowheader', { name: new RegExp(`^${name}`) })).toBeVisible();
      await expect(table.getByRole('rowheader', { name: /Differs$/ }).first()).toBeVisible();

      // At phone width the table scrolls inside its region; the page itself never scrolls sideways.
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const region = page.getByRole('region', { name: /Comparing 4/ });
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      fs.mkdirSync('/tmp/shots/lists', { recursive: true });
      await keepShot(page, { path: `/tmp/shots/lists/compared-${javaScriptEnabled ? 'js' : 'nojs'}-390.png`, fullPage: true });
      if (javaScriptEnabled) {
        const axe = await new AxeBuilder({ page }).include('main').analyze();
        expect(axe.violations.map((v) => v.id)).toEqual([]);
      }

      await table.getByRole('button', { name: `Remove ${same[0]!.title}` }).click();
      await expect(page.getByRole('table', { name: /Comparing 3/ })).toBeVisible();
      expect(await listCount(page.request, 'compare-list')).toBe(3);
      expect(problems).toEqual([]);
    });

    test('a voucher collected on a product page appears in /user/vouchers', async ({ page }) => {
      await signIn(page, uniqueEmail('lists-voucher'));
      const { same } = await productsForLists(page.request, 1);
      await new ListButtons(page).open(same[0]!);
      const collect = page.getByRole('button', { name: /^Collect voucher / }).first();
      const code = ((await collect.getAttribute('aria-label')) ?? '').replace('Collect voucher ', '');
      expect(code).not.toBe('');
      await collect.click();
      await expect(page.locator('.pd-voucher').filter({ hasText: code }).getByText('Collected')).toBeVisible();
      await expect(page.locator('[data-toast]')).toContainText('Voucher collected.');
      await page.goto('/user/vouchers');
      await expect(page.getByText(code, { exact: true })).toBeVisible();
    });
  });
}

test('a voucher collected on a store page appears in /user/vouchers (JavaScript off)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, uniqueEmail('store-voucher'));
  await page.goto('/shop/cable-corner');
  const collect = page
    .locator('.store-voucher')
    .getByRole('button', { name: /^Collect voucher / })
    .first();
  const code = ((await collect.getAttribute('aria-label')) ?? '').replace('Collect voucher ', '');
  expect(code).not.toBe('');
  await collect.click();
  await expect(page).toHaveURL(/\/shop\/cable-corner$/);
  await expect(page.locator('.store-voucher').filter({ hasText: code }).getByText('Collected')).toBeVisible();
  await page.goto('/user/vouchers');
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await context.close();
});
