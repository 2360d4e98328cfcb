import { test, expect, keepShot } from '../fixtures';
import { signInWithForm } from '../fixtures/auth';
import { CartPage } from '../cart/cart-page';
import { buyerAndProduct } from '../checkout/checkout-page';
import { englishLeft } from './english-left';

// Issue 31: the Arabic checkout was partly English (payment method names, the "Tax" row, footer links).
test.describe.configure({ timeout: 120_000 });
test.use({ javaScriptEnabled: false });

test('shipping, checkout, success and the order page in Arabic show no English message', async ({ page, known, playwright, baseURL }) => {
  const { account, item } = await buyerAndProduct(playwright, baseURL!, known, 'ar-checkout', 3);
  await page.goto('/login');
  await signInWithForm(page, account.email, account.password);
  await new CartPage(page).addFromProduct(item.slug, 1);
  const look = async (name: string) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepShot(page, { path: `test-results/ar-${name}-${width}.png`, fullPage: true });
    }
  };

  await page.goto('/ar/shipping');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await englishLeft(page), 'shipping').toEqual([]);
  await page.locator('.co-aside button.co-go').click();
  await expect(page).toHaveURL(/\/ar\/checkout\?/);
  expect(await englishLeft(page), 'checkout').toEqual([]);
  await look('checkout');
  await page.getByRole('radio', { name: 'تحويل بنكي' }).check();
  await page.locator('#place-order button[type=submit]').click();
  await expect(page).toHaveURL(/\/ar\/user\/order\/success\/\d+$/);
  expect(await englishLeft(page), 'success').toEqual([]);
  await look('success');
  await page.locator('[data-order-link]').click();
  await expect(page).toHaveURL(/\/ar\/user\/order\/\d+$/);
  expect(await englishLeft(page), 'order').toEqual([]);
  await look('order');
});
