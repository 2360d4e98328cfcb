import fs from 'node:fs';
import { test, expect } from '../fixtures';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';
import { photoFile, placedOrder } from '../reviews/review-page';

/**
 * Refunds and returns from the browser (issue 32): the operator delivers a cash-on-delivery order from its page;
 * the shopper, JavaScript off, asks to return it with a photo; the operator approves, marks the goods received and
 * refunds the return; the shopper's order page says what was refunded.
 */
test.describe.configure({ timeout: 240_000 });

const photoDir = fs.mkdtempSync('/tmp/voltmart-return-photos-');

test('a delivered order is returned with a photo (JavaScript off), approved, received and refunded', async ({
  page,
  browser,
  baseURL,
  known,
}) => {
  const { orderId, product } = await placedOrder(page, baseURL!, known, 12, 'Rhea Returner');

  const operator = await browser.newContext({ baseURL });
  const admin = await operator.newPage();
  await admin.goto('/login?redirect=%2Fadmin');
  await admin.getByLabel('Email').fill(DEMO_OWNER);
  await admin.getByLabel('Password').fill(DEMO_PASSWORD);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto(`/admin/orders/${orderId}`);
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    await admin.getByLabel('New status').selectOption(status);
    await admin.getByRole('button', { name: 'Change status' }).click();
    await expect(admin.locator('.bo-facts dd').nth(2)).toHaveText(
      status === 'confirmed' ? 'Confirmed' : status === 'shipped' ? 'Shipped' : 'Delivered',
    );
  }

  // The shopper, without JavaScript: the return form on the order page.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const shopper = await plain.newPage();
  await shopper.goto(`/user/order/${orderId}`);
  const returns = shopper.locator('[data-order-returns]');
  await expect(returns.getByRole('heading', { name: 'Return items' })).toBeVisible();
  await returns.getByLabel('Why are you returning them?').fill('It arrived scratched');
  await returns.getByLabel(/Photos/).setInputFiles(await photoFile(photoDir, 'scratch.jpg', '#a33'));
  await returns.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(shopper).toHaveURL(new RegExp(`/user/order/${orderId}#returns$`));
  await expect(shopper.locator('[data-return-status="requested"]')).toContainText(product.title);

  // The operator: approve, the goods came back, refund.
  await admin.goto(`/admin/orders/${orderId}`);
  const panel = admin.locator('[data-returns]');
  await expect(panel.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await panel.getByLabel('Reason (optional, told to the shopper)').fill('Sorry about that');
  await panel.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.locator('[data-return-status="approved"]')).toBeVisible();
  await admin.locator('[data-returns]').getByRole('button', { name: 'The goods came back' }).click();
  await expect(admin.locator('[data-return-status="received"]')).toBeVisible();
  await admin.locator('[data-returns]').getByRole('button', { name: 'Refund this return' }).click();
  await expect(admin.locator('[data-return-status="refunded"]')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Refunds' }).getByRole('cell', { name: 'It arrived scratched' })).toBeVisible();
  await expect(admin.locator('[data-refund-state]')).toContainText('refunded');

  await shopper.goto(`/user/order/${orderId}`);
  await expect(shopper.locator('[data-return-status="refunded"]')).toBeVisible();
  await expect(shopper.locator('[data-refunded]')).toContainText('Refunded');
  await expect(shopper.locator('[data-history]')).toContainText('Return approved: Sorry about that');
  await plain.close();
  await operator.close();
});
