import { test, expect, keepShot } from '../fixtures';
import { lastMail, signInWithForm } from '../fixtures/auth';
import { CartPage } from '../cart/cart-page';
import { accountWithAddress, buyerAndProduct, CheckoutFlow } from './checkout-page';

test.describe.configure({ timeout: 180_000 });

test('a guest adds to cart, signs in, ships, pays cash on delivery, sees success once, and gets the mail', async ({
  page,
  known,
  playwright,
  baseURL,
}) => {
  const { account, item } = await buyerAndProduct(playwright, baseURL!, known, 'checkout', 0);

  const cart = new CartPage(page);
  await cart.addFromProduct(item.slug, 2);
  await expect(cart.badge(2)).toBeVisible();
  await cart.open();
  await cart.ready();
  await page.getByRole('link', { name: 'Go to shipping' }).click();
  // Guests sign in first and come back with their cart.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fshipping$/);
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByText(item.title)).toBeVisible();

  const flow = new CheckoutFlow(page);
  await flow.look('shipping');
  await flow.continueFromShipping();
  await flow.look('checkout');
  // The configured gateways are offered beside the two offline methods (the suite configures them against the fakes).
  await expect(page.getByRole('radio', { name: 'Stripe' })).toBeVisible();
  await flow.method('Cash on delivery').check();
  await expect(flow.method('Cash on delivery')).toBeChecked();
  await flow.placeOrder();
  await expect(page).toHaveURL(/\/user\/order\/success\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const orderNo = (await page.locator('[data-order-no]').textContent())!.trim();
  await expect(cart.badge(null)).toBeVisible();

  const orderId = page.url().split('/').pop()!;
  // The spec's one visit: coming back goes home.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  // The fail page of an unpaid order offers to pay again, once too.
  await page.goto(`/user/order/fail/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try paying again' })).toHaveAttribute('href', `/user/order/pay/${orderId}`);
  await page.goto(`/user/order/fail/${orderId}`);
  await expect(page).toHaveURL(/\/$/);
  // Nobody else's order: not found.
  expect((await page.goto('/user/order/success/999999999'))!.status()).toBe(404);

  // The confirmation is written after the answer: wait for it.
  await expect.poll(async () => (await lastMail(account.email))?.subject ?? '', { timeout: 30_000 }).toContain(orderNo);
  expect((await lastMail(account.email))?.text).toContain(item.title);
});

test('a signed-in shopper places a Stripe order at checkout and pays it on the pay page through the webhook', async ({
  page,
  known,
  playwright,
  baseURL,
}) => {
  const { account, item } = await buyerAndProduct(playwright, baseURL!, known, 'stripe-checkout', 2);
  await page.goto('/login');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);

  const cart = new CartPage(page);
  await cart.addFromProduct(item.slug, 1);
  await page.goto('/shipping');
  const flow = new CheckoutFlow(page);
  await flow.continueFromShipping();
  await flow.method('Stripe').check();
  await flow.placeOrder();
  // The order is placed unpaid; the shopper pays on the pay page with the gateway's own script (the fake's Stripe.js).
  await expect(page).toHaveURL(/\/user\/order\/pay\/\d+$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Pay for your order' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/redirect_status=succeeded/, { timeout: 30_000 });
  await expect
    .poll(
      async () => {
        await page.goto(`/user/order/pay/${orderId}`);
        return page.getByTestId('pay-state').textContent();
      },
      { timeout: 30_000 },
    )
    .toBe('This order is paid. Thank you!');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a signed-in shopper goes from cart to a bank-transfer order through plain forms', async ({ page, known, playwright, baseURL }) => {
    const { account, item } = await buyerAndProduct(playwright, baseURL!, known, 'nojs-checkout', 1);
    await page.goto('/login');
    await signInWithForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/$/);

    await new CartPage(page).addFromProduct(item.slug, 1);
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Go to shipping' }).click();
    const flow = new CheckoutFlow(page);
    await flow.continueFromShipping();
    await flow.method('Bank transfer').check();
    // The shop's account is shown before placing; the reference is the order number, not known yet.
    const shopAccount = page.locator('[data-shop-account]');
    await expect(shopAccount).toContainText('Lone Star Commerce Bank');
    await expect(shopAccount).toContainText('4410 2288 7301');
    await expect(shopAccount).toContainText('your order number');
    await flow.look('bank-transfer');
    // Nothing to fill in before paying: the transfer's details are given after paying, on the order page.
    await flow.placeOrder();
    await expect(page).toHaveURL(/\/user\/order\/success\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
    const orderNo = (await page.locator('[data-order-no]').first().textContent())!.trim();
    await expect(page.locator('[data-shop-account]')).toContainText('4410 2288 7301');
    await expect(page.locator('[data-shop-account-ref]')).toHaveText(orderNo);
    await flow.look('bank-success');
    await page.locator('[data-order-link]').click();
    await expect(page.getByRole('heading', { level: 1, name: /Order #\d+/ })).toBeVisible();
    await expect(page.locator('[data-shop-account-ref]')).toHaveText(orderNo);
    const form = page.locator('[data-transfer-form]');
    await form.getByLabel('Transaction id').fill('TX-778899');
    await form.getByLabel('Bank name').fill('First Bank');
    await form.getByLabel('Account holder name').fill('Test Shopper');
    await form.getByLabel('Account number').fill('000123456');
    await form.getByLabel('Branch name').fill('Main');
    await page.getByRole('button', { name: 'Send transfer details' }).click();
    await expect(page.getByText('Your transfer details have been sent to the shop')).toBeVisible();
    await expect(form.getByLabel('Transaction id')).toHaveValue('TX-778899');
    await flow.look('bank-order');
  });

  test("shipping shows the spec's messages", async ({ page, playwright, baseURL, known }) => {
    const api = await playwright.request.newContext({ baseURL });
    const account = await accountWithAddress(api, baseURL!, 'ship-msgs');
    await api.dispose();
    await page.goto('/login');
    await signInWithForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/shipping');
    await expect(page.getByText("You don't have any product selected. Please a select a product first.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
    // /checkout with nothing to buy goes back to shipping, which says why.
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/shipping\?/);

    await new CartPage(page).addFromProduct(known.plain.slug, 1);
    // An address no demo store ships to.
    const far = await page.request.post('/api/v1/user/address/action', {
      data: {
        name: 'Far Away',
        email: account.email,
        phone: '555-123-4567',
        country: 'BR',
        state: 'SP',
        city: 'Santos',
        zip: '11000',
        address_1: '1 Rua',
      },
      headers: { origin: baseURL! },
    });
    expect(far.status(), await far.text()).toBe(200);
    await page.goto('/shipping');
    await page
      .getByRole('group', { name: 'Ship to' })
      .getByRole('radio', { name: /Far Away/ })
      .check();
    await page.getByRole('button', { name: 'Update shipping' }).click();
    await expect(page.getByText('Product is unable to be shipped.')).toBeVisible();
    // With that address as the cart's (cart/update-shipping), the cart names the place on the product's line.
    const chosen = await page.request.post('/api/v1/cart/update-shipping', {
      data: { address_id: (await far.json()).data.id, shipping_type: 1 },
      headers: { origin: baseURL! },
    });
    expect(chosen.status(), await chosen.text()).toBe(200);
    await new CartPage(page).open();
    await expect(
      page
        .locator('li.cart-line')
        .getByText('This product can not be shipped to São Paulo Brazil. Please Uncheck the product first or change the shipping address', {
          exact: true,
        }),
    ).toBeVisible();
  });
});

test('a guest opening shipping or checkout is sent to sign in', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
});

test('a new account with no address is asked for one', async ({ page, playwright, baseURL, known }) => {
  const api = await playwright.request.newContext({ baseURL });
  const { signUpByApi, uniqueEmail, nextMail, mailCode } = await import('../fixtures/auth');
  const email = uniqueEmail('noaddr');
  await signUpByApi(api, email);
  await api.post('/api/v1/user/verify', { data: { email, code: mailCode(await nextMail(email)) } });
  await api.dispose();
  await page.goto('/login');
  await signInWithForm(page, email, 'secret-pass');
  await expect(page).toHaveURL(/\/$/);
  await new CartPage(page).addFromProduct(known.plain.slug, 1);
  await expect(new CartPage(page).badge(1)).toBeVisible();
  await page.goto('/shipping');
  await expect(page.getByRole('alert').filter({ hasText: 'Please add an address first.' })).toBeVisible();
  // The address form opens right here, styled as in the address book: labels above full-width fields.
  await expect(page.locator('#address-form')).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const form = (await page.locator('#address-form form').boundingBox())!;
    const city = (await page.locator('#address-form').getByLabel('City').boundingBox())!;
    const label = (await page.locator('#address-form label', { hasText: 'City' }).first().boundingBox())!;
    expect(city.width).toBeGreaterThan(form.width / 3);
    expect(label.y + label.height).toBeLessThanOrEqual(city.y + 1);
    await keepShot(page, { path: `test-results/shipping-address-form-${width}.png`, fullPage: true });
  }
  // Without an address the fee is not known: never "Free" (or $0.00) before the address, then a charge.
  await expect(page.locator('[data-store-shipping]').first()).toHaveText('Calculated after the address');
  await expect(page.locator('[data-total-shipping]')).toHaveText('Calculated after the address');
});
