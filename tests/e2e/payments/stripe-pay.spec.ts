import type { Page } from '@playwright/test';
import { test, expect, keepShot } from '../fixtures';
import { uniqueEmail } from '../fixtures/auth';

/**
 * Paying with Stripe end to end: the pay page loads the Stripe.js stand-in of the local fake
 * (tests/fakes/payments.mjs, started by playwright.config.ts), the card goes from the browser to the fake
 * only, the fake sends the signed payment_intent webhook to order/payment-done, and the order is paid.
 */
const FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4399) + 2001}`;

async function signedInWithCheckout(page: Page, totals = [1999]) {
  await page.request.post('/test-only/session', { data: { email: uniqueEmail('stripe') } });
  const res = await page.request.post('/test-only/payment-order', { data: { totals, method: 3, gateway: 'stripe' } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { orderId: number; orderNo: string };
}

test.describe('Stripe pay page', () => {
  test('a declined card leaves the order unpaid; a good card pays it through the webhook', async ({ page }) => {
    const { orderId, orderNo } = await signedInWithCheckout(page, [1999, 500]);
    const response = await page.goto(`/user/order/pay/${orderId}`);
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toMatch(new RegExp(`script-src [^;]*${FAKE}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${FAKE}`));
    await expect(page.getByRole('heading', { name: 'Pay for your order' })).toBeVisible();
    await expect(page.getByText(`Order ${orderNo}`)).toBeVisible();
    await expect(page.getByTestId('pay-amount')).toHaveText('$24.99');

    const card = page.getByLabel('Card number');
    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $24.99' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Pay $24.99' })).toBeVisible();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $24.99' }).click();
    await page.waitForURL(/redirect_status=succeeded/, { timeout: 30_000 });
    // The webhook may land after the browser comes back: reload until the order reads paid.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('pay-state').textContent();
        },
        { timeout: 30_000 },
      )
      .toBe('This order is paid. Thank you!');
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  });

  test('a cancelled order cannot be paid: the pay page says so and links to the order; a card form left open in another tab is refused by Stripe', async ({
    page,
    context,
  }) => {
    const { orderId } = await signedInWithCheckout(page);
    // The pay page is open in one tab (the PaymentIntent exists)…
    await page.goto(`/user/order/pay/${orderId}`);
    await expect(page.getByRole('button', { name: 'Pay $19.99' })).toBeVisible();
    // …and the shopper cancels the order in another.
    const other = await context.newPage();
    await other.goto(`/user/order/${orderId}`);
    await other.getByText('Cancel order', { exact: true }).click();
    await other.getByLabel('Why are you cancelling?').fill('Found it cheaper');
    await other.getByRole('button', { name: 'Yes, I want to cancel this order' }).click();
    await expect(other.locator('[data-status]').first()).toHaveText('Cancelled');

    // The first tab's card form was built before: Stripe refuses the cancelled intent, nothing is charged.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    await expect(page.locator('#pay-error')).toHaveText("This PaymentIntent's status is canceled.");

    // Opened again, the pay page offers no way to pay, says why, and leads to the order.
    await page.goto(`/user/order/pay/${orderId}`);
    await expect(page.getByTestId('pay-state')).toHaveText('This order was cancelled, so it can no longer be paid.');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await page.getByRole('link', { name: 'See the order' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/order/${orderId}$`));
  });

  test("only the shop's own pages allow Stripe's origin, and another shopper's order is not found", async ({ page, browser }) => {
    const { orderId } = await signedInWithCheckout(page);
    const home = await page.goto('/');
    expect(home!.headers()['content-security-policy'] ?? '').not.toContain(FAKE);
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.request.post('/test-only/session', { data: { email: uniqueEmail('stranger') } });
    const res = await stranger.goto(`/user/order/pay/${orderId}`);
    expect(res!.status()).toBe(404);
    await other.close();
  });

  test('looks right on a phone and on a desktop', async ({ page }) => {
    const { orderId } = await signedInWithCheckout(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/user/order/pay/${orderId}`);
      await expect(page.getByLabel('Card number')).toBeVisible();
      await keepShot(page, { path: `test-results/pay-page-stripe-${width}.png`, fullPage: true });
    }
  });
});
