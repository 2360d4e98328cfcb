import { test, expect } from '../fixtures';
import { uniqueEmail } from '../fixtures/auth';
import { productToBuy } from '../checkout/checkout-page';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';

/**
 * Shipments with JavaScript off (issue 32): a shopper buys two of a product, the operator confirms the order,
 * ships one with DHL and the other with UPS from the order page, prints the packing slip and issues the invoice;
 * the shopper's order page shows both parcels with their tracking links.
 */
test.describe.configure({ timeout: 180_000 });

test('the operator ships half of an order, then the rest; the shopper sees both shipments (JavaScript off)', async ({
  browser,
  baseURL,
  known,
}) => {
  const shopper = await browser.newContext({ baseURL });
  const api = shopper.request;
  const headers = { origin: baseURL! };
  expect((await api.post('/test-only/session', { data: { email: uniqueEmail('parcels'), name: 'Paula Parcels' } })).status()).toBe(200);
  const address = await api.post('/api/v1/user/address/action', {
    data: {
      name: 'Paula Parcels',
      email: 'paula@example.com',
      phone: '555-123-4567',
      country: 'US',
      state: 'CA',
      city: 'Fresno',
      zip: '93650',
      address_1: '1 Main St',
    },
    headers,
  });
  expect(address.status(), await address.text()).toBe(200);
  const item = await productToBuy(api, known, 3);
  const product = (await (await api.get(`/api/v1/product/${item.slug}`)).json()).data as { id: number };
  expect((await api.post('/api/v1/cart/action', { data: { product_id: product.id, quantity: 2 }, headers })).status()).toBe(200);
  const placed = await api.post('/api/v1/order/action', {
    data: { address_id: (await address.json()).data.id, shipping_type: 1, payment_method: 2 },
    headers: { ...headers, 'idempotency-key': `parcels-${Date.now()}` },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = (await placed.json()).data.order_id as number;

  const operator = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await operator.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(`/admin/orders/${orderId}`)}`);
  await page.getByLabel('Email').fill(DEMO_OWNER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await page.getByLabel('New status').selectOption('confirmed');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('status').filter({ hasText: "The order's status is changed" })).toBeVisible();

  const shipForm = page.locator('[data-ship-form]');
  await shipForm.getByRole('spinbutton').fill('1');
  await shipForm.getByLabel('Carrier').selectOption('dhl');
  await shipForm.getByLabel('Tracking number').fill('JD0146000001');
  await shipForm.getByRole('button', { name: 'Ship these items' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Some items are still to ship.' })).toBeVisible();
  await expect(page.locator('[data-shipments]').getByRole('link', { name: 'JD0146000001' })).toHaveAttribute(
    'href',
    /dhl\.com.*JD0146000001/,
  );

  await shipForm.getByLabel('Carrier').selectOption('ups');
  await shipForm.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await shipForm.getByRole('button', { name: 'Ship these items' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'every item is shipped' })).toBeVisible();
  await expect(page.locator('.bo-facts').first()).toContainText('Shipped');
  await expect(page.locator('[data-ship-form]')).toHaveCount(0);

  // The documents: the packing slip, then the invoice's number issued on first asking.
  await page.getByRole('link', { name: 'Packing slip' }).click();
  await expect(page.locator('[data-document="packing-slip"]')).toContainText('Paula Parcels');
  await page.goto(`/admin/orders/${orderId}/invoice`);
  await page.getByRole('button', { name: 'Issue the invoice' }).click();
  await expect(page.locator('[data-invoice-number]')).toHaveText(/^\d{4}-\d{6}$/);
  const pdf = await page.request.get(
    await page
      .locator('[data-invoice-pdf]')
      .getAttribute('href')
      .then((h) => h!),
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const mine = await shopper.newPage();
  await mine.goto(`/user/order/${orderId}`);
  const parcels = mine.locator('[data-shipments] [data-shipment]');
  await expect(parcels).toHaveCount(2);
  await expect(parcels.nth(0).locator('[data-tracking-link]')).toHaveAttribute('href', /dhl\.com/);
  await expect(parcels.nth(1).locator('[data-tracking-link]')).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await operator.close();
  await shopper.close();
});
