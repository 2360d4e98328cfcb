import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { uniqueEmail } from '../fixtures/auth';

/**
 * A redirect gateway end to end: from the pay page to Flutterwave's hosted page (the local fake,
 * tests/fakes/payments.mjs), back to /payment-return/flutterwave/{id}, where the shop verifies the
 * transaction with the API; and PayPal's approve page, cancelled then paid.
 */
async function signedInWithCheckout(page: Page, method: number, gateway: string, totals: number[]) {
  await page.request.post('/test-only/session', { data: { email: uniqueEmail(gateway) } });
  const res = await page.request.post('/test-only/payment-order', { data: { totals, method, gateway } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { orderId: number; orderNo: string };
}

const paidState = 'This order is paid. Thank you!';

test.describe('redirect gateways', () => {
  test('Flutterwave: cancelled leaves it unpaid with a retry; paid on the hosted page marks it paid', async ({ page }) => {
    const { orderId } = await signedInWithCheckout(page, 5, 'flutterwave', [4250]);
    await page.goto(`/user/order/pay/${orderId}`);
    await expect(page.getByTestId('pay-amount')).toHaveText('$42.50');
    await page.getByRole('link', { name: 'Continue to Flutterwave' }).click();
    await expect(page.getByRole('heading', { name: 'Flutterwave (test)' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel payment (test)' }).click();
    await page.waitForURL(new RegExp(`/user/order/pay/${orderId}\\?cancelled=1`));
    await expect(page.getByText('The payment was cancelled. Your order is saved and unpaid: you can pay now.')).toBeVisible();

    await page.getByRole('link', { name: 'Continue to Flutterwave' }).click();
    await page.getByRole('link', { name: 'Pay now (test)' }).click();
    // The return route verified the transaction and sends the shopper to checkout's success page.
    await page.waitForURL(new RegExp(`/user/order/success/${orderId}$`));
    await page.goto(`/user/order/pay/${orderId}`);
    await expect(page.getByTestId('pay-state')).toHaveText(paidState);
  });

  test('PayPal: a declined capture says so and leaves the order unpaid; approving pays it', async ({ page }) => {
    const { orderId } = await signedInWithCheckout(page, 4, 'paypal', [1999]);
    await page.goto(`/user/order/pay/${orderId}`);
    await page.getByRole('link', { name: 'Continue to PayPal' }).click();
    await page.getByRole('link', { name: 'Pay with a declined card (test)' }).click();
    await page.waitForURL(new RegExp(`/user/order/pay/${orderId}\\?failed=1`));
    await expect(page.getByRole('alert')).toHaveText('The payment did not go through, and nothing was charged. You can try again.');

    await page.getByRole('link', { name: 'Continue to PayPal' }).click();
    await page.getByRole('link', { name: 'Pay with PayPal (test)' }).click();
    await page.waitForURL(new RegExp(`/user/order/success/${orderId}$`));
    await page.goto(`/user/order/pay/${orderId}`);
    await expect(page.getByTestId('pay-state')).toHaveText(paidState);
  });
});
