import { test, expect } from '../fixtures';

/**
 * Issue 11 item 8: a listing page past the end said "Page 99 of 2". It now answers 404 (the page does
 * not exist; search engines drop it) with a page that says what happened and links to the last page.
 */
for (const width of [390, 1280]) {
  test(`at ${width} px a page past the end says so and leads to the last page`, async ({ shop, page }) => {
    await page.setViewportSize({ width, height: 900 });
    const first = await shop.open('/all/chargers-adapters');
    expect(first.status()).toBe(200);
    const pageOf = (await page.locator('.result-count').innerText()).match(/Page 1 of (\d+)/);
    expect(pageOf, 'the category has more than one page').not.toBeNull();
    const last = Number(pageOf![1]);

    const response = await shop.open('/all/chargers-adapters?page=99&sort=price_asc');
    expect(response.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page 99 does not exist' })).toBeVisible();
    await expect(page.getByText(`There is no page 99: these products fit on ${last} pages.`)).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Page 99 of');
    await page.getByRole('link', { name: `Go to the last page (${last})` }).click();
    await expect(page).toHaveURL(
      new RegExp(`/all/chargers-adapters\\?page=${last}&sort=price_asc$|/all/chargers-adapters\\?sort=price_asc&page=${last}$`),
    );
    await expect(page.locator('.result-count')).toContainText(`Page ${last} of ${last}`);
    await expect(shop.productTiles().first()).toBeVisible();
  });
}

test('the API keeps answering an empty page past the end with the real last page', async ({ request }) => {
  const res = await request.get('/api/v1/all?category=chargers-adapters&page=99');
  expect(res.status()).toBe(200);
  const { result } = (await res.json()).data;
  expect(result.data).toEqual([]);
  expect(result.current_page).toBe(99);
  expect(result.last_page).toBeLessThan(99);
});
