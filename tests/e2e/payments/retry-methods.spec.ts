import { test, expect, keepShot } from '../fixtures';
import { uniqueEmail } from '../fixtures/auth';

/**
 * Issue 31: a card payment that did not go through left the shopper on "try paying again" with no other
 * way to pay. The retry page offers every method the shop offers; picking one moves the unpaid order to it.
 */
test.describe('the retry page', () => {
  test.use({ javaScriptEnabled: false });

  test('offers every configured method; an unpaid card order becomes a bank transfer with the shop account shown', async ({ page }) => {
    await page.request.post('/test-only/session', { data: { email: uniqueEmail('retry') } });
    const res = await page.request.post('/test-only/payment-order', { data: { totals: [2599], method: 3, gateway: 'stripe' } });
    expect(res.ok()).toBe(true);
    const { orderId, orderNo } = (await res.json()) as { orderId: number; orderNo: string };
    await page.goto(`/user/order/pay/${orderId}`);
    const other = page.locator('[data-pay-other]');
    await expect(other.getByRole('heading', { name: 'Pay another way' })).toBeVisible();
    for (const name of ['Cash on delivery', 'Bank transfer', 'Stripe']) await expect(other.getByRole('radio', { name })).toBeVisible();
    await expect(other.getByRole('radio', { name: 'Stripe' })).toBeChecked();
    await expect(other.locator('[data-expiry-note]')).toHaveText(
      'An order paid online that stays unpaid for 30 minutes is cancelled and its items go back on sale.',
    );
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepShot(page, { path: `test-results/retry-methods-${width}.png`, fullPage: true });
    }
    await other.getByRole('radio', { name: 'Bank transfer' }).check();
    await other.getByRole('button', { name: 'Use this payment method' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/order/${orderId}$`));
    await expect(page.getByText('Payment method changed')).toBeVisible();
    await expect(page.locator('[data-shop-account-ref]')).toHaveText(orderNo);
    await expect(page.locator('[data-transfer-form]')).toBeVisible();
  });

  test('in Arabic the methods are named in Arabic', async ({ page }) => {
    await page.request.post('/test-only/session', { data: { email: uniqueEmail('retry-ar') } });
    const res = await page.request.post('/test-only/payment-order', { data: { totals: [1000], method: 3, gateway: 'stripe' } });
    const { orderId } = (await res.json()) as { orderId: number };
    await page.goto(`/ar/user/order/pay/${orderId}`);
    const other = page.locator('[data-pay-other]');
    await expect(other.getByRole('radio', { name: 'الدفع عند الاستلام' })).toBeVisible();
    await expect(other.getByRole('radio', { name: 'تحويل بنكي' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 900 });
    await keepShot(page, { path: 'test-results/retry-methods-ar-390.png', fullPage: true });
  });
});
