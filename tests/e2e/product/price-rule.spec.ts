import { test, expect } from '../fixtures';
import { ProductPage, money } from './product-page';
import { HeaderSearch } from '../search/search-page';
import { signIn, uniqueEmail } from '../account/helpers';

/**
 * The price rule where a shopper sees it (spec section 4): during a flash sale the struck-through price
 * is the selling price, even for a product that also has an offer. The demo's flash product with an
 * offer (selling $76.99, offer $65.99, flash $48.99) is the only one that tells the two apart.
 */
test.describe('a flash-sale product that also has an offer', () => {
  test('is known with the prices the assertions below spell out', async ({ known }) => {
    expect(known.flashWithOffer).toMatchObject({ selling: 7699, offered: 6599, flashPrice: 4899 });
  });

  test('its page shows the flash price, strikes through the selling price and says 36 % off', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.flashWithOffer.slug);
    await expect(pp.currentPrice()).toHaveText('$48.99');
    await expect(page.locator('[data-price-prev]')).toHaveText('Previous price$76.99');
    await expect(page.locator('[data-price-off]')).toHaveText('-36%');
    await expect(page.locator('main')).not.toContainText(money(6599));
  });

  test('its tile in the flash sale does the same', async ({ page, request, known }) => {
    const sales = (await (await request.get('/api/v1/flash-sale')).json()).data.data as { id: number; state: string }[];
    const running = sales.find((s) => s.state === 'running')!;
    await page.goto(`/flash-sale/${running.id}?per_page=40`);
    const tile = page.locator('main article').filter({ has: page.getByRole('heading', { name: known.flashWithOffer.title }) });
    await expect(tile).toHaveCount(1);
    await expect(tile.locator('.now')).toHaveText('$48.99');
    await expect(tile.locator('del')).toHaveText('Was $76.99');
    await expect(tile.locator('.off')).toHaveText('-36%');
    await expect(tile).not.toContainText('$65.99');
  });

  test('its search result tile does the same', async ({ page, known }) => {
    await page.goto(`/search?q=${encodeURIComponent(known.flashWithOffer.title)}`);
    const tile = page.locator('main article').filter({ has: page.getByRole('heading', { name: known.flashWithOffer.title }) });
    await expect(tile).toHaveCount(1);
    await expect(tile.locator('.now')).toHaveText('$48.99');
    await expect(tile.locator('del')).toHaveText('Was $76.99');
    await expect(tile.locator('.off')).toHaveText('-36%');
    await expect(tile).not.toContainText('$65.99');
  });

  test('its suggestion in the search popup does the same', async ({ page, known }) => {
    await page.goto('/site-map');
    const search = new HeaderSearch(page);
    await search.focusAndWaitForPopup();
    await search.box().fill(known.flashWithOffer.title);
    const option = search
      .listbox()
      .getByRole('group', { name: 'Products' })
      .getByRole('option')
      .filter({ hasText: known.flashWithOffer.title });
    await expect(option).toHaveCount(1, { timeout: 30_000 });
    await expect(option.locator('strong')).toHaveText('$48.99');
    await expect(option.locator('s')).toHaveText('$76.99');
    await expect(option.locator('.discount')).toHaveText('-36%');
    await expect(option).not.toContainText('$65.99');
  });

  test('its tile in its category listing does the same', async ({ page, request, known }) => {
    const detail = (await (await request.get(`/api/v1/product/${known.flashWithOffer.slug}`)).json()).data;
    const category = detail.category?.slug as string;
    expect(category, 'the product has a category').toBeTruthy();
    const tile = page.locator('main article').filter({ has: page.getByRole('heading', { name: known.flashWithOffer.title }) });
    // The category's pages, 60 tiles each, until the product's tile is on one.
    for (let n = 1; n <= 10; n++) {
      await page.goto(`/all/${category}?per_page=60&page=${n}`);
      if ((await tile.count()) > 0 || (await page.locator('main article').count()) === 0) break;
    }
    await expect(tile).toHaveCount(1);
    await expect(tile.locator('.now')).toHaveText('$48.99');
    await expect(tile.locator('del')).toHaveText('Was $76.99');
    await expect(tile).not.toContainText('$65.99');
  });

  test('its item in the wishlist does the same', async ({ page, known }) => {
    await signIn(page, uniqueEmail('price-rule-wish'));
    const product = (await (await page.request.get(`/api/v1/product/${known.flashWithOffer.slug}`)).json()).data;
    const added = await page.request.post('/api/v1/user/wishlist/action', {
      data: { product_id: product.id, on: true },
      headers: { accept: 'application/json' },
    });
    expect(added.status(), await added.text()).toBe(200);
    await page.goto('/user/wishlists');
    const item = page.locator('[data-list-item]').filter({ hasText: known.flashWithOffer.title });
    await expect(item).toHaveCount(1);
    await expect(item.locator('.wish-price strong')).toHaveText('$48.99');
    await expect(item.locator('.wish-price del')).toHaveText('Was $76.99');
    await expect(item).not.toContainText('$65.99');
  });

  test('the API answers the same prices', async ({ request, known }) => {
    const detail = (await (await request.get(`/api/v1/product/${known.flashWithOffer.slug}`)).json()).data;
    expect(detail).toMatchObject({
      selling: 7699,
      offered: 6599,
      price: 4899,
      current_price: 4899,
      previous_price: 7699,
      discount_percent: 36,
    });
  });
});
