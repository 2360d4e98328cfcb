import { test, expect } from '../fixtures';
import { uniqueEmail } from '../fixtures/auth';

/**
 * Razorpay Checkout on the pay page (the fake's stand-in of checkout.js), its signed answer posted to
 * /razorpay-callback; and Authorize.Net's Accept Hosted reached by a plain form post of the token.
 */
async function checkout(page: import('@playwright/test').Page, method: number, gateway: string, totals: number[], currency?: string) {
  await page.request.post('/test-only/session', { data: { email: uniqueEmail(gateway) } });
  const res = await page.request.post('/test-only/payment-order', { data: { totals, method, gateway, currency } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { orderId: number };
}

test('Razorpay: a failed attempt says so; paying in Checkout marks the order paid through /razorpay-callback', async ({ page }) => {
  const { orderId } = await checkout(page, 1, 'razorpay', [49_900]);
  await page.goto(`/user/order/pay/${orderId}`);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Fail (test)' }).click();
  await expect(page.getByRole('alert')).toHaveText('Payment failed');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.waitForURL(new RegExp(`/user/order/success/${orderId}$`));
  await page.goto(`/user/order/pay/${orderId}`);
  await expect(page.getByTestId('pay-state')).toHaveText('This order is paid. Thank you!');
});

test('Authorize.Net: the token is posted to the hosted page; Continue on the receipt marks the order paid', async ({ page }) => {
  const { orderId } = await checkout(page, 8, 'authorize-net', [3100]);
  await page.goto(`/user/order/pay/${orderId}`);
  await page.getByRole('button', { name: 'Continue to Authorize.Net' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize.Net (test)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL(new RegExp(`/user/order/success/${orderId}$`));
  await page.goto(`/user/order/pay/${orderId}`);
  await expect(page.getByTestId('pay-state')).toHaveText('This order is paid. Thank you!');
});
