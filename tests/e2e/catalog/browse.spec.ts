import { test, expect } from '../fixtures';
import { ListingPage } from './catalog-page';

for (const javaScriptEnabled of [true, false]) {
  test.describe(`catalog browsing with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('home → category → subcategory → a product tile', async ({ shop, page }) => {
      await shop.open('/');
      await page.getByRole('region', { name: 'Featured categories' }).getByRole('link', { name: 'Cables' }).click();
      await expect(page).toHaveURL(/\/all\/cables$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Cables' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');

      const listing = new ListingPage(page, javaScriptEnabled);
      await listing.filters().getByRole('link', { name: 'USB-C Cables' }).click();
      await expect(page).toHaveURL(/\/all\/cables\/usb-c-cables$/);
      await expect(page.getByRole('heading', { level: 1, name: 'USB-C Cables' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Cables' })).toHaveAttribute(
        'href',
        '/all/cables',
      );
      const first = shop.productTiles().first();
      await expect(first.getByRole('link')).toHaveAttribute('href', /^\/products\/product\/[a-z0-9-]+$/);
      await expect(first.getByRole('heading')).not.toBeEmpty();

      // ...and on to the product itself, whose breadcrumb leads back through the same sub-category.
      const title = (await first.getByRole('heading').textContent())!.trim();
      await first.getByRole('link').click();
      await expect(page).toHaveURL(/\/products\/product\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'USB-C Cables' })).toHaveAttribute(
        'href',
        /\/all\/cables\/usb-c-cables$/,
      );
      await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeVisible();
    });

    test('filters by price and by rating, keeping the URL shareable', async ({ shop, page }) => {
      await shop.open('/all/cables');
      const listing = new ListingPage(page, javaScriptEnabled);
      await listing.setPrice('5', '10.50');
      expect(new URL(page.url()).searchParams.get('min')).toBe('5');
      expect(new URL(page.url()).searchParams.get('max')).toBe('10.50');
      const prices = await listing.prices();
      expect(prices.length).toBeGreaterThan(0);
      expect(Math.min(...prices)).toBeGreaterThanOrEqual(500);
      expect(Math.max(...prices)).toBeLessThanOrEqual(1050);
      await expect(listing.filters().getByLabel('Minimum price')).toHaveValue('5');

      await listing.setRating(4);
      const url = new URL(page.url());
      expect(url.searchParams.get('rating')).toBe('4');
      expect(url.searchParams.get('min')).toBe('5');
      const ratings = await page.locator('main article .tile-rating [aria-hidden]').allTextContents();
      expect(ratings.length).toBeGreaterThan(0);
      for (const r of ratings) expect(Number(/★\s*([\d.]+)/.exec(r)![1])).toBeGreaterThanOrEqual(4);

      // The same URL opened fresh shows the same products.
      const slugs = await listing.tileSlugs();
      await shop.open(page.url());
      expect(await listing.tileSlugs()).toEqual(slugs);
    });

    test('sorts by price and pages without overlap', async ({ shop, page }) => {
      await shop.open('/all/cables');
      const listing = new ListingPage(page, javaScriptEnabled);
      await listing.sortBy('Price: low to high');
      expect(new URL(page.url()).searchParams.get('sort')).toBe('price_asc');
      const firstPage = await listing.prices();
      expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));
      const firstSlugs = await listing.tileSlugs();

      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/page=2/);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('price_asc');
      const secondPage = await listing.prices();
      expect(Math.min(...secondPage)).toBeGreaterThanOrEqual(Math.max(...firstPage));
      const secondSlugs = await listing.tileSlugs();
      expect(secondSlugs.filter((s) => firstSlugs.includes(s))).toEqual([]);
      await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', /\/all\/cables\?sort=price_asc$/);
    });

    test('a page past the last and a filter matching nothing show a way back', async ({ shop, page }) => {
      await shop.open('/all/cables?page=99');
      await expect(page.getByRole('heading', { name: 'Page 99 does not exist' })).toBeVisible();
      await page.getByRole('link', { name: /^Go to the last page/ }).click();
      await expect(page).toHaveURL(/\/all\/cables(\?page=\d+)?$/);
      await expect(shop.productTiles().first()).toBeVisible();

      await shop.open('/all/cables?min=9000');
      await page.getByRole('link', { name: 'Clear filters' }).last().click();
      await expect(page).toHaveURL(/\/all\/cables$/);
    });
  });
}

test('bad filters are left out with a note, never an error page', async ({ shop, page }) => {
  const response = await shop.open('/all/cables?min=abc&rating=9&sort=cheap');
  expect(response.status()).toBe(200);
  await expect(page.getByText('Some filters could not be read')).toContainText('Minimum price, Rating, Sort by');
  expect(await shop.productTiles().count()).toBeGreaterThan(0);
});

test('unknown categories, brands, collections and other main segments are 404', async ({ page }) => {
  for (const path of [
    '/all/no-such-category',
    '/all/cables/no-such-sub',
    '/products/brand?brand=99999',
    '/products/collection?collection=abc',
    '/elsewhere/products?tags=gan',
    '/flash-sale/99999',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test('banner, brand, collection and flash sale listings', async ({ shop, page }) => {
  test.slow(); // five listing pages
  await shop.open('/');
  await page.getByRole('region', { name: 'Featured offers' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/products\?(category_ids|sub_category_ids|tags|brand_ids|product_ids)=/);
  expect(await shop.productTiles().count()).toBeGreaterThan(0);

  await shop.open('/products/products?tags=gan');
  await expect(page.getByRole('heading', { level: 1, name: 'GaN' })).toBeVisible();
  expect(await shop.productTiles().count()).toBeGreaterThan(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/products\?tags=gan$/);

  await shop.open('/brands');
  await page.locator('main .tile-strip a').first().click();
  await expect(page).toHaveURL(/\/products\/brand\?brand=\d+/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Brands' })).toBeVisible();

  await shop.open('/');
  await page.getByRole('region', { name: 'Collections' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/collection\?collection=\d+/);
  expect(await shop.productTiles().count()).toBeGreaterThan(0);

  await shop.open('/flash-sale');
  await page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/flash-sale\/\d+$/);
  await expect(page.locator('time[data-countdown]')).toHaveText(/\d+d \d+h \d+m \d+s/);
  expect(await shop.productTiles().locator('del').count()).toBeGreaterThan(0);
});
