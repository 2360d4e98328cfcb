import { test, expect } from '../fixtures';
import { CartPage } from '../cart/cart-page';
import { signInWithForm } from '../fixtures/auth';
import { buyerAndProduct, CheckoutFlow } from './checkout-page';

// Issue 31: what a shopper still tripped over on the way to an order.
test.describe.configure({ timeout: 90_000 });

test('sign-up and sign-in texts keep the space before their links, in English and Arabic', async ({ page }) => {
  await page.goto('/register');
  await expect(page.locator('.auth-switch')).toHaveText(/^Already have an account\? Sign in$/);
  await expect(page.locator('.auth-agreement')).toContainText(/ Privacy policy\.$/i);
  await page.goto('/ar/register');
  const ar = (await page.locator('.auth-switch').textContent())!.replace(/\s+/g, ' ').trim();
  expect(ar).toMatch(/\S \S/);
  expect(ar).toMatch(/[?؟] \S/);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('checkout shows where the order goes and who is billed, with a change link; shipping headings do not skip a level', async ({
    page,
    known,
    playwright,
    baseURL,
  }) => {
    const { account, item } = await buyerAndProduct(playwright, baseURL!, known, 'where-to', 2);
    await page.goto('/login');
    await signInWithForm(page, account.email, account.password);
    await new CartPage(page).addFromProduct(item.slug, 1);
    await page.goto('/shipping');
    const levels = async () => page.locator('main h1, main h2, main h3, main h4').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    const noSkip = (ls: number[]) => ls.every((l, i) => i === 0 || l <= ls[i - 1]! + 1);
    expect(noSkip(await levels()), String(await levels())).toBe(true);
    const flow = new CheckoutFlow(page);
    await flow.continueFromShipping();
    expect(noSkip(await levels()), String(await levels())).toBe(true);
    const where = page.locator('[data-checkout-addresses]');
    await expect(where.locator('[data-checkout-shipping]')).toHaveText('Test Shopper, 1 Main St, Fresno, CA 93650, US');
    await expect(where.locator('[data-checkout-billing]')).toHaveText('Same as shipping address');
    await flow.look('addresses');
    await where.getByRole('link', { name: 'Change addresses' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
  });
});

test("the spec's optional route parameters: /page, /shop, /user/order and the result pages without an id", async ({ page }) => {
  await page.goto('/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and policies' })).toBeVisible();
  await expect(page.locator('[data-page-list] a').first()).toHaveAttribute('href', /^\/page\/[a-z0-9-]+$/);
  const shop = await page.goto('/shop');
  expect(shop!.status()).toBe(200);
  await expect(page.locator('main')).toContainText('Volt Depot');
  await page.request.post('/test-only/session', { data: { email: `routes-${Date.now()}@example.com` } });
  await page.goto('/user/order');
  await expect(page).toHaveURL(/\/user\/orders$/);
  await page.goto('/user/order/success');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/user/order/fail');
  await expect(page).toHaveURL(/\/$/);
});
