import { test, expect } from '../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

// The other mega-menu specs fake /api/v1/all to reach loading and error states; this one uses the real endpoint.
test('hovering a category loads its real products with image, title and selling price', async ({ shop, page }) => {
  await shop.open('/');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Categories', { exact: true }).hover();
  const first = menu.locator('[data-category]').first();
  const slug = (await first.getAttribute('data-category'))!;
  const api = await (await page.request.get(`/api/v1/all?category=${slug}&per_page=6`)).json();
  const products = api.data.result.data as { slug: string; title: string; image: string }[];
  expect(products.length).toBeGreaterThan(0);

  await first.hover();
  const panel = menu.locator('.mega-products');
  const links = panel.getByRole('link');
  await expect(links.first()).toContainText(products[0]!.title);
  await expect(links.first()).toHaveAttribute('href', `/products/product/${products[0]!.slug}`);
  await expect(links.first()).toContainText(/\$\d/);
  // The product's own picture (a demo drawing, or one an operator uploaded in another spec: newest first).
  expect(products[0]!.image).toMatch(/^\/(demo|uploads)\/products\/.+\.(svg|jpg|png)$/);
  await expect(panel.locator('img').first()).toHaveAttribute('src', products[0]!.image);
});
