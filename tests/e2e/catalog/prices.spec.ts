import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';

/**
 * Issue 11 item 4: the mega menu showed Ferro Ember 3-in-1 Cable at $14.99 (its selling price) while
 * the listing and product page showed $10.99. Every place goes through the one price rule now.
 */
test.use({ viewport: { width: 1280, height: 900 } });

interface ApiCard {
  slug: string;
  title: string;
  offered: number;
  variant_prices: number[];
  price_from: boolean;
}

/** The product page's price as a shopper reads it ("from $21.99", or "$10.99"). */
async function productPagePrice(page: Page): Promise<string> {
  const box = page.locator('[data-price]').first();
  const from = box.locator('[data-price-from]');
  const now = (await box.locator('[data-price-now]').innerText()).trim();
  return (await from.isVisible()) ? `${(await from.innerText()).trim()} ${now}` : now;
}

test('the mega menu shows the price the product page shows, offers and "from" prices included', async ({ shop, page }) => {
  test.setTimeout(180_000);
  await shop.open('/');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Categories', { exact: true }).hover();
  const slugs = await menu.locator('[data-category]').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.category!));
  // A category whose first six products include an offer (selling ≠ current price) or differing variants.
  let chosen: { slug: string; products: ApiCard[] } | null = null;
  for (const slug of slugs) {
    const api = await (await page.request.get(`/api/v1/all?category=${slug}&per_page=6`)).json();
    const products = api.data.result.data as ApiCard[];
    if (products.some((p) => p.offered > 0) && products.some((p) => p.price_from)) {
      chosen = { slug, products };
      break;
    }
    if (!chosen && products.some((p) => p.offered > 0)) chosen = { slug, products };
  }
  expect(chosen, 'a category with an offer in its first six products').not.toBeNull();

  await menu.locator(`[data-category="${chosen!.slug}"]`).hover();
  const links = menu.locator('.mega-products').getByRole('link');
  await expect(links).toHaveCount(chosen!.products.length);
  const shown: { href: string; price: string }[] = [];
  for (const link of await links.all()) {
    shown.push({ href: (await link.getAttribute('href'))!, price: (await link.locator('.mega-product-price').innerText()).trim() });
  }
  for (const { href, price } of shown) {
    await shop.open(href);
    expect(await productPagePrice(page), href).toBe(price);
  }
});

test('a listing tile shows the product page\'s price, "from" when variants differ', async ({ shop, page, known }) => {
  await shop.open(`/products/product/${known.withVariants.slug}`);
  const onPage = await productPagePrice(page);
  expect(onPage).toMatch(/^from \$\d/);
  const api = await (await page.request.get(`/api/v1/product/${known.withVariants.slug}`)).json();
  const category = api.data.category.slug as string;
  // The page's price filter (in dollars on page URLs) uses the tile's figure, so it finds the product.
  const dollars = (api.data.current_price / 100).toFixed(2);
  await shop.open(`/all/${category}?min=${dollars}&max=${dollars}`);
  const tile = page.locator('main article').filter({ has: page.getByRole('heading', { name: known.withVariants.title, exact: true }) });
  await expect(tile.locator('.price .now')).toHaveText(onPage);
});
