import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures';
import { mailCode, nextMail, signInWithForm, signUpByApi, uniqueEmail } from '../fixtures/auth';
import { CartPage } from './cart-page';

import { formatPrice } from '../../../src/lib/price';

const money = (cents: number) => formatPrice(cents, { currency_icon: '$', decimal_format: 'en-US', currency_position: 1 });

test.describe('cart with JavaScript on', () => {
  test('a guest adds from the product page: toast, badge in place, badge on another page', async ({ page, known }) => {
    const cart = new CartPage(page);
    await cart.addFromProduct(known.plain.slug, 2);
    await expect(cart.toast()).toContainText('Product added to cart');
    await expect(cart.badge(2)).toBeVisible();
    // The toast hides itself (5,000 ms).
    await expect(cart.toast()).toBeHidden({ timeout: 30_000 });
    // A shared guest page (cached HTML) gets the count from the badge cookie, without React.
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/site-map');
    await expect(cart.badge(2)).toBeVisible();
    expect(scripts.filter((u) => /react|client\.[\w-]+\.js/i.test(u))).toEqual([]);
  });

  test('a guest adds, signs in and finds the cart merged with the account', async ({ page, known, playwright, baseURL }) => {
    const email = uniqueEmail('cartmerge');
    // The account already holds one unit of the same product (added from another device).
    const other = await playwright.request.newContext({ baseURL });
    await signUpByApi(other, email);
    expect((await other.post('/api/v1/user/verify', { data: { email, code: mailCode(await nextMail(email)) } })).status()).toBe(200);
    const added = await other.post('/api/v1/cart/action', {
      data: { product_id: await productId(other, known.plain.slug), quantity: 1 },
      headers: { origin: baseURL! },
    });
    expect((await added.json()).data.cartCount).toBe(1);
    await other.dispose();

    const cart = new CartPage(page);
    await cart.addFromProduct(known.plain.slug, 2);
    await expect(cart.badge(2)).toBeVisible();
    await page.goto('/login?redirect=%2Fcart');
    await signInWithForm(page, email, 'secret-pass');
    await expect(page).toHaveURL(/\/cart$/);
    await cart.ready();
    await expect(cart.quantityOf(known.plain.title)).toHaveValue('3');
    await expect(page.locator('li.cart-line')).toHaveCount(1);
    await expect(cart.badge(3)).toBeVisible();
  });

  test('check and uncheck, change quantity, totals follow; delete asks first', async ({ page, known }) => {
    const cart = new CartPage(page);
    await cart.addFromProduct(known.plain.slug, 1);
    await expect(cart.badge(1)).toBeVisible();
    await cart.open();
    await cart.ready();
    const total = page.locator('[data-cart-total]');
    await expect(total).toHaveText(money(known.plain.selling));
    await cart.line(known.plain.title).getByRole('button', { name: 'Increase quantity' }).click();
    await expect(cart.quantityOf(known.plain.title)).toHaveValue('2');
    await expect(total).toHaveText(money(2 * known.plain.selling));
    await expect(cart.badge(2)).toBeVisible();

    await page.getByRole('checkbox', { name: `Select ${known.plain.title}` }).uncheck();
    await expect(total).toHaveText(money(0));
    await expect(page.getByText("You don't have any product selected. Please a select a product first.")).toBeVisible();
    await page.getByRole('checkbox', { name: /^Select every product of / }).check();
    await expect(total).toHaveText(money(2 * known.plain.selling));

    // Go to shipping is a link now that shipping exists.
    await expect(page.getByRole('link', { name: 'Go to shipping' })).toHaveAttribute('href', '/shipping');

    const line = cart.line(known.plain.title);
    await line.locator('summary', { hasText: 'Delete' }).click();
    await expect(line.getByText('Do you really want to delete?')).toBeVisible();
    await expect(page.locator('li.cart-line')).toHaveCount(1);
    await line.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(cart.badge(null)).toBeVisible();
  });

  test('the first touch on a sleeping cart counts: a click on + or on a checkbox wakes it and is done once', async ({ page, known }) => {
    const cart = new CartPage(page);
    await cart.addFromProduct(known.plain.slug, 1);
    await expect(cart.badge(1)).toBeVisible();
    await cart.open();
    // No cart.ready(): the island sleeps until this click (client:interaction), which it then carries out.
    await expect(page.locator('[data-cart-island="static"]')).toBeVisible();
    await cart.line(known.plain.title).getByRole('button', { name: 'Increase quantity' }).click();
    await expect(cart.quantityOf(known.plain.title)).toHaveValue('2');
    await expect(page.locator('[data-cart-total]')).toHaveText(money(2 * known.plain.selling));
    await page.reload();
    await expect(page.locator('[data-cart-island="static"]')).toBeVisible();
    // A plain click (uncheck() would ask for the new state at once; the box changes once the island is awake).
    await page.getByRole('checkbox', { name: `Select ${known.plain.title}` }).click();
    await expect(page.getByRole('checkbox', { name: `Select ${known.plain.title}` })).not.toBeChecked();
    await expect(page.locator('[data-cart-total]')).toHaveText(money(0));
    await page.reload();
    await expect(page.getByRole('checkbox', { name: `Select ${known.plain.title}` })).not.toBeChecked();
    await expect(cart.quantityOf(known.plain.title)).toHaveValue('2');
  });

  test('a listing tile adds in one click where there is nothing to choose', async ({ page, known }) => {
    const cart = new CartPage(page);
    await page.goto(`/search?q=${encodeURIComponent(known.plain.title)}`);
    const tile = page.locator('main article').filter({ hasText: known.plain.title });
    await tile.getByRole('button', { name: `Add to cart: ${known.plain.title}` }).click();
    await expect(cart.toast()).toContainText('Product added to cart');
    await expect(cart.badge(1)).toBeVisible();
  });

  // One page state and one axe scan per test (two in one test were a 30 s risk on a busy machine).
  const seriousOnCartPage = async (cart: CartPage) => {
    await cart.open();
    await cart.ready();
    const results = await new AxeBuilder({ page: cart.page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  test('the cart page with a product has no serious accessibility violation', async ({ page, known }) => {
    const cart = new CartPage(page);
    await cart.addFromProduct(known.plain.slug, 1);
    await expect(cart.badge(1)).toBeVisible();
    expect(await seriousOnCartPage(cart)).toEqual([]);
    await expect(page.locator('li.cart-line')).toHaveCount(1);
  });

  test('the empty cart page has no serious accessibility violation', async ({ page }) => {
    const cart = new CartPage(page);
    expect(await seriousOnCartPage(cart)).toEqual([]);
    await expect(page.locator('li.cart-line')).toHaveCount(0);
  });

  test('a product with variants says to choose first', async ({ page, known }) => {
    await page.goto(`/products/product/${known.withVariants.slug}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.locator('[data-toast]')).toContainText('Please select all required attributes.');
  });
});

test.describe('cart with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('add, change quantity, delete (asked first) and the badge, all through plain forms', async ({ page, known }) => {
    const cart = new CartPage(page);
    await cart.addFromProduct(known.plain.slug, 1);
    // Back on the product page with the flash message.
    await expect(page).toHaveURL(new RegExp(`/products/product/${known.plain.slug}$`));
    await expect(cart.toast()).toContainText('Product added to cart');

    await cart.open();
    await expect(cart.badge(1)).toBeVisible();
    await expect(cart.quantityOf(known.plain.title)).toHaveValue('1');
    await cart.quantityOf(known.plain.title).fill('3');
    await cart.line(known.plain.title).getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cart.toast()).toContainText('Quantity updated');
    await expect(cart.quantityOf(known.plain.title)).toHaveValue('3');
    await expect(cart.badge(3)).toBeVisible();
    await expect(page.locator('.cart-summary')).toContainText(money(3 * known.plain.selling));

    // Unchecking through the selection form.
    await page.getByRole('checkbox', { name: `Select ${known.plain.title}` }).uncheck();
    await page.getByRole('button', { name: 'Apply selection' }).click();
    await expect(page.getByRole('checkbox', { name: `Select ${known.plain.title}` })).not.toBeChecked();
    await expect(page.locator('.cart-summary')).toContainText('Items (0)');

    const line = cart.line(known.plain.title);
    await line.locator('summary', { hasText: 'Delete' }).click();
    await expect(line.getByText('Do you really want to delete?')).toBeVisible();
    await line.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(cart.badge(null)).toBeVisible();
  });

  test('a variant chosen by its radios goes to the cart', async ({ page, known }) => {
    const cart = new CartPage(page);
    const variant = known.withVariants.variants.find((v) => v.quantity > 0)!;
    await page.goto(`/products/product/${known.withVariants.slug}`);
    for (const [attribute, value] of Object.entries(variant.values))
      await page.getByRole('group', { name: attribute }).getByText(value!, { exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(cart.toast()).toContainText('Product added to cart');
    await cart.open();
    await expect(page.locator('li.cart-line')).toHaveCount(1);
    await expect(page.locator('li.cart-line')).toContainText(Object.values(variant.values)[0]!);
  });

  test('Buy now selects the product alone and heads for shipping (a guest signs in first)', async ({ page, known }) => {
    const cart = new CartPage(page);
    await page.goto(`/products/product/${known.plain.slug}`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fshipping$/);
    await cart.open();
    await expect(page.getByRole('checkbox', { name: `Select ${known.plain.title}` })).toBeChecked();
    await expect(cart.badge(1)).toBeVisible();
  });
});

async function productId(request: import('@playwright/test').APIRequestContext, slug: string): Promise<number> {
  const res = await request.get(`/api/v1/product/${slug}`);
  const body = await res.json();
  return body.data.product?.id ?? body.data.id;
}
