import { test, expect } from '../fixtures';
import { signInWithForm } from '../fixtures/auth';
import { CartPage } from '../cart/cart-page';
import { buyerAndProduct, CheckoutFlow } from '../checkout/checkout-page';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';

/**
 * An order's whole life from the browser (issue 32), once with JavaScript on and once with it off, for the shopper
 * and the operator alike: the shopper orders two of a product (cash on delivery); the operator confirms, ships one
 * with a DHL tracking number, then the other with UPS, prints the packing slip (PDF) and delivers; the shopper sees
 * both shipments with their tracking links and asks to return the goods; the operator approves, marks them received
 * and refunds; the shopper's page says refunded.
 */
test.describe.configure({ timeout: 300_000 });

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
    // The shopper is the fixture's page (a returning shopper: the demo's popup and cookie notice already closed).
    test.use({ javaScriptEnabled: js });

    test('a shopper orders, the operator ships in two parcels, the shopper returns and is refunded', async ({
      page: shopper,
      browser,
      playwright,
      baseURL,
      known,
    }) => {
      const { account, item } = await buyerAndProduct(playwright, baseURL!, known, js ? 'journey-js' : 'journey-nojs', js ? 6 : 7);

      // The shopper orders through the pages: product, cart, shipping, checkout.
      await shopper.goto('/login');
      await signInWithForm(shopper, account.email, account.password);
      await expect(shopper).toHaveURL(/\/$/);
      const cart = new CartPage(shopper);
      await cart.addFromProduct(item.slug, 2);
      await expect(cart.badge(2)).toBeVisible();
      await cart.open();
      await shopper.getByRole('link', { name: 'Go to shipping' }).click();
      const flow = new CheckoutFlow(shopper);
      await flow.continueFromShipping();
      await flow.method('Cash on delivery').check();
      await flow.placeOrder();
      await expect(shopper).toHaveURL(/\/user\/order\/success\/\d+$/);
      const orderId = Number(shopper.url().split('/').pop());

      // The operator confirms.
      const desk = await browser.newContext({ baseURL, javaScriptEnabled: js });
      const admin = await desk.newPage();
      await admin.goto(`/login?redirect=${encodeURIComponent(`/admin/orders/${orderId}`)}`);
      await admin.getByLabel('Email').fill(DEMO_OWNER);
      await admin.getByLabel('Password').fill(DEMO_PASSWORD);
      await admin.getByRole('button', { name: 'Sign in' }).click();
      await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
      const facts = admin.locator('.bo-facts').first();
      await admin.getByLabel('New status').selectOption('confirmed');
      await admin.getByRole('button', { name: 'Change status' }).click();
      await expect(facts).toContainText('Confirmed');

      // Half, with a tracking number; then the rest.
      const shipForm = admin.locator('[data-ship-form]');
      await shipForm.getByRole('spinbutton').fill('1');
      await shipForm.getByLabel('Carrier').selectOption('dhl');
      await shipForm.getByLabel('Tracking number').fill('JD0146000777');
      await shipForm.getByRole('button', { name: 'Ship these items' }).click();
      await expect(admin.locator('[data-shipments]').getByRole('link', { name: 'JD0146000777' })).toHaveAttribute(
        'href',
        /dhl\.com.*JD0146000777/,
      );
      await expect(facts).toContainText('Confirmed');
      await shipForm.getByLabel('Carrier').selectOption('ups');
      await shipForm.getByLabel('Tracking number').fill('1Z999AA10123456777');
      await shipForm.getByRole('button', { name: 'Ship these items' }).click();
      await expect(admin.locator('[data-shipments]').getByRole('link', { name: '1Z999AA10123456777' })).toBeVisible();
      await expect(facts).toContainText('Shipped');
      await expect(admin.locator('[data-ship-form]')).toHaveCount(0);

      // The packing slip, printable and as a PDF.
      await admin.getByRole('link', { name: 'Packing slip' }).click();
      await expect(admin.locator('[data-document="packing-slip"]')).toContainText(item.title);
      const pdf = await admin.request.get((await admin.locator('[data-packing-slip-pdf]').getAttribute('href'))!);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Delivered (cash on delivery becomes paid).
      await admin.goto(`/admin/orders/${orderId}`);
      await admin.getByLabel('New status').selectOption('delivered');
      await admin.getByRole('button', { name: 'Change status' }).click();
      await expect(facts).toContainText('Delivered');

      // The shopper sees both parcels with their tracking links, and asks to return the goods.
      await shopper.goto(`/user/order/${orderId}`);
      const parcels = shopper.locator('[data-shipments] [data-shipment]');
      await expect(parcels).toHaveCount(2);
      await expect(parcels.nth(0).locator('[data-tracking-link]')).toHaveAttribute('href', /dhl\.com.*JD0146000777/);
      await expect(parcels.nth(1).locator('[data-tracking-link]')).toHaveAttribute(
        'href',
        'https://www.ups.com/track?tracknum=1Z999AA10123456777',
      );
      const returns = shopper.locator('[data-order-returns]');
      await returns.getByLabel('Why are you returning them?').fill('Two were one too many');
      await returns.getByRole('button', { name: 'Ask for a return' }).click();
      await expect(shopper.locator('[data-return-status="requested"]')).toContainText(item.title);

      // The operator approves, the goods come back, the return is refunded.
      await admin.goto(`/admin/orders/${orderId}`);
      const panel = admin.locator('[data-returns]');
      await panel.getByRole('button', { name: 'Approve' }).click();
      await expect(admin.locator('[data-return-status="approved"]')).toBeVisible();
      await admin.locator('[data-returns]').getByRole('button', { name: 'The goods came back' }).click();
      await expect(admin.locator('[data-return-status="received"]')).toBeVisible();
      await admin.locator('[data-returns]').getByRole('button', { name: 'Refund this return' }).click();
      await expect(admin.locator('[data-return-status="refunded"]')).toBeVisible();
      await expect(admin.locator('[data-refund-state]')).toContainText('refunded');

      await shopper.goto(`/user/order/${orderId}`);
      await expect(shopper.locator('[data-return-status="refunded"]')).toBeVisible();
      await expect(shopper.locator('[data-refunded]')).toContainText('Refunded');
      await desk.close();
    });
  });
}
