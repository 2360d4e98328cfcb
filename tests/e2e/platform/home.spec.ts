import { test, expect } from '../fixtures';

for (const javaScriptEnabled of [true, false]) {
  test.describe(`home page with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('shows the shop name and demo products', async ({ shop, page }) => {
      await shop.open('/');
      await expect(page).toHaveTitle(/Voltmart/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect(await shop.productTiles().count()).toBeGreaterThanOrEqual(10);
      await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    });

    test('an unknown page says it could not be found', async ({ shop, page }) => {
      const response = await page.goto('/no-such-page-here');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByText('This page could not be found')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
      void shop;
    });
  });
}

test('a failing page shows SORRY with a reload and a way home', async ({ page }) => {
  const response = await page.goto('/test-only/fail?what=page');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { name: 'SORRY' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to homepage' })).toBeVisible();
});

test('the API answers the envelope', async ({ request }) => {
  const res = await request.get('/api/v1/common');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ status: 200, data: { site_setting: { site_name: 'Voltmart' } } });
  const bad = await request.post('/api/v1/contact', { data: Buffer.from('{broken'), headers: { 'content-type': 'application/json' } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).status).toBe(400);
});
