import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { mailCode, nextMail, signInWithForm, uniqueEmail } from '../fixtures/auth';
import { CartPage } from '../cart/cart-page';
import { accountWithAddress, CheckoutFlow } from '../checkout/checkout-page';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';
import { DEMO_SETTINGS } from '@/server/demo/data/settings';

/**
 * The seller's journey of issue 35 through the real pages: a seller registers, the operator approves them from
 * the back office, the seller adds a product with a picture, a shopper buys it, the seller confirms and ships it,
 * the shopper sees the tracking link, the seller marks it delivered (cash on delivery: now paid and owed to them), the
 * operator records a payout, and the seller's statement shows it. Twice:
 * with JavaScript off on a 390 px phone, and with JavaScript on at 1280 px (every context of the pass alike).
 */
test.describe.configure({ mode: 'serial', timeout: 420_000 });

const PASSES = [
  { name: 'JavaScript off, 390 px', js: false, width: 390, height: 844 },
  { name: 'JavaScript on, 1280 px', js: true, width: 1280, height: 900 },
] as const;

/** A context of the pass: a returning visitor who closed the popup banner and the cookie notice (as the fixtures do). */
async function contextFor(browser: Browser, baseURL: string, pass: (typeof PASSES)[number]): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: pass.js,
    viewport: { width: pass.width, height: pass.height },
  });
  // A step that cannot happen fails in a minute, not at the test's end (the machine is slow, the journey long).
  context.setDefaultTimeout(60_000);
  await context.addCookies([{ name: 'frontend_cookie_notice', value: 'dismissed', url: baseURL }]);
  await context.addInitScript(
    (names: string[]) => {
      try {
        for (const name of names) localStorage.setItem(`voltmart:dismissed:${name}`, '1');
      } catch {
        // Opaque origins have no localStorage.
      }
    },
    [`popup:${DEMO_SETTINGS.popup_banner.version}`, 'cookie:1'],
  );
  return context;
}

/** The back office's success message after a plain form's post (a toast with JavaScript, the notice without). */
const said = (page: Page, text: string | RegExp) => expect(page.getByText(text).first()).toBeVisible();

for (const pass of PASSES) {
  test(`a seller registers, sells, ships and is paid out (${pass.name})`, async ({ browser, baseURL }) => {
    const tag = Date.now().toString(36);
    const shop = `Journey Volts ${tag} ${pass.js ? 'js' : 'nojs'}`;
    const email = uniqueEmail('journey-seller');
    const password = 'seller-pass-1';

    // 1. The seller applies and confirms their email.
    const sellerContext = await contextFor(browser, baseURL!, pass);
    const seller = await sellerContext.newPage();
    await seller.goto('/seller/register');
    await seller.getByLabel('Shop name', { exact: true }).fill(shop);
    await seller.getByLabel('Your name', { exact: true }).fill('Sam Seller');
    await seller.getByLabel('Email', { exact: true }).fill(email);
    await seller.getByLabel('Phone', { exact: true }).fill('(512) 555-0199');
    await seller.getByLabel('Password', { exact: true }).fill(password);
    await seller.getByLabel('Confirm password').fill(password);
    await seller.getByLabel('Shop address').fill('3 Volt Way, Austin');
    await seller.getByRole('button', { name: 'Apply' }).click();
    await expect(seller).toHaveURL(/step=verify/);
    await seller.getByLabel('Code', { exact: true }).fill(mailCode(await nextMail(email)));
    await seller.getByRole('button', { name: 'Confirm' }).click();
    await expect(seller.getByRole('heading', { name: 'Your application is pending approval' })).toBeVisible();

    // 2. The operator approves the application from the back office.
    const operatorContext = await contextFor(browser, baseURL!, pass);
    const operator = await operatorContext.newPage();
    await operator.goto(`/login?redirect=${encodeURIComponent(`/admin/sellers?q=${shop}`)}`);
    await operator.getByLabel('Email').fill(DEMO_OWNER);
    await operator.getByLabel('Password').fill(DEMO_PASSWORD);
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await expect(operator).toHaveURL(/\/admin\/sellers\?q=/);
    await operator.getByRole('link', { name: shop }).click();
    await expect(operator).toHaveURL(/\/admin\/sellers\/\d+$/);
    const applicationUrl = operator.url();
    await operator.getByRole('button', { name: 'Approve and open the store' }).click();
    await said(operator, 'The application is approved: the store is open and the seller is mailed.');

    // 3. The seller signs in and adds a product with a picture; it is in the shop at once (approval is off).
    await seller.goto('/login?redirect=%2Fseller');
    await signInWithForm(seller, email, password);
    await expect(seller).toHaveURL(/\/seller$/);
    await seller.goto('/seller/products/new');
    const title = `Journey Charger ${tag} ${pass.js ? 'js' : 'nojs'}`;
    await seller.getByLabel('Title', { exact: true }).fill(title);
    await seller.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
    await seller.getByLabel('Status', { exact: true }).selectOption('published');
    await seller.getByLabel('Selling price (in cents)').fill('3450');
    await seller.getByLabel('Stock', { exact: true }).fill('5');
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    await seller.getByLabel('Pictures', { exact: true }).setInputFiles({ name: 'charger.jpg', mimeType: 'image/jpeg', buffer: picture });
    await seller.getByRole('button', { name: 'Create the product' }).click();
    await expect(seller).toHaveURL(/\/seller\/products\/\d+$/);
    await expect(seller.getByText('Main picture')).toBeVisible();
    await seller.getByRole('link', { name: 'See it in the shop' }).click();
    await expect(seller.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const productPath = new URL(seller.url()).pathname;
    const slug = productPath.split('/').pop()!;
    const src = await seller.locator('.pd-gallery img').first().getAttribute('src');
    expect((await seller.request.get(src!)).status()).toBe(200);

    // 4. A shopper buys it (cash on delivery) through the cart and checkout pages.
    const shopperContext = await contextFor(browser, baseURL!, pass);
    // Signed up and verified through the API in the same context: its pages are signed in.
    await accountWithAddress(shopperContext.request, baseURL!, `journey-buyer-${pass.js ? 'js' : 'nojs'}`);
    const shopper = await shopperContext.newPage();
    await new CartPage(shopper).addFromProduct(slug, 1);
    await shopper.goto('/cart');
    await shopper.getByRole('link', { name: 'Go to shipping' }).click();
    const flow = new CheckoutFlow(shopper);
    await flow.continueFromShipping();
    await flow.method('Cash on delivery').check();
    await flow.placeOrder();
    await expect(shopper).toHaveURL(/\/user\/order\/success\/\d+$/);
    const orderId = shopper.url().split('/').pop()!;

    // 5. The seller sees the order in their list, confirms it and ships it with a tracking number.
    await seller.goto('/seller/orders');
    // The list links the order by its number; its address names the id the success page gave.
    await expect(seller.locator(`main a[href$="/seller/orders/${orderId}"]`).first()).toBeVisible();
    await seller.goto(`/seller/orders/${orderId}`);
    await expect(seller.getByText(title).first()).toBeVisible();
    await seller.getByLabel('New status').selectOption('confirmed');
    await seller.getByRole('button', { name: 'Change status' }).click();
    await said(seller, "The order's status is changed");
    const shipForm = seller.locator('[data-ship-form]');
    await shipForm.getByLabel('Carrier').selectOption('ups');
    const tracking = `1Z999AA1${tag.slice(-8).toUpperCase().padStart(8, '0')}`;
    await shipForm.getByLabel('Tracking number').fill(tracking);
    await shipForm.getByRole('button', { name: 'Ship these items' }).click();
    await said(seller, /every item is shipped/);

    // 6. The shopper's order page links the parcel to the carrier's tracking.
    await shopper.goto(`/user/order/${orderId}`);
    await expect(shopper.locator('[data-shipments] [data-tracking-link]').first()).toHaveAttribute(
      'href',
      `https://www.ups.com/track?tracknum=${tracking}`,
    );

    // The parcel is handed over and the cash collected: delivered, the order is paid and owed to the seller.
    await seller.goto(`/seller/orders/${orderId}`);
    await seller.getByLabel('New status').selectOption('delivered');
    await seller.getByRole('button', { name: 'Change status' }).click();
    await said(seller, "The order's status is changed");

    // 7. The operator records a payout to the seller (never more than is owed).
    await operator.goto(applicationUrl);
    const reference = `PAYOUT-${tag}`.toUpperCase();
    await operator.getByLabel(/^Amount/).fill('12.34');
    await operator.getByLabel('Reference').fill(reference);
    await operator.getByLabel('Note').fill(`Journey payout ${tag}`);
    await operator.getByRole('button', { name: 'Record the payout' }).click();
    await said(operator, 'The payout is recorded.');

    // 8. The seller's statement of the month shows the payout, on the page and in its CSV.
    await seller.goto('/seller/money');
    // The newest month's statement (not the menu's "View the shop").
    await seller.locator('a[href*="/seller/money/statements/"]').first().click();
    await expect(seller).toHaveURL(/\/seller\/money\/statements\/[\w-]+$/);
    const row = seller.getByRole('row').filter({ hasText: `Journey payout ${tag}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('12.34');
    const csv = await seller.request.get(`/api/v1${new URL(seller.url()).pathname}?format=csv`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(reference);

    await Promise.all([sellerContext.close(), operatorContext.close(), shopperContext.close()]);
  });
}
