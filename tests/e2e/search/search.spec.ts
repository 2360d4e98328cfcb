import { test, expect, keepShot } from '../fixtures';
import { HeaderSearch } from './search-page';

test.describe('the header search popup', () => {
  test('React comes only with the first focus of the search input, never with the page', async ({ shop, page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await shop.open('/');
    await page.waitForLoadState('networkidle');
    // Moving around the page and pressing keys elsewhere does not load it either.
    await page.mouse.move(10, 10);
    await page.keyboard.press('Shift');
    await page.waitForLoadState('networkidle');
    expect(
      scripts.some((p) => /mount|react|client\./i.test(p)),
      scripts.join('\n'),
    ).toBe(false);
    const search = new HeaderSearch(page);
    await search.focusAndWaitForPopup();
    expect(
      scripts.some((p) => /mount/i.test(p)),
      scripts.join('\n'),
    ).toBe(true);
  });

  test('asks once, 700 ms after the last key, and shows keywords, categories and products', async ({ shop, page }) => {
    await page.clock.install();
    await shop.open('/site-map');
    const search = new HeaderSearch(page);
    await search.focusAndWaitForPopup();
    // From here the page's time moves only when the test says so: no timing flakiness on a busy machine.
    await page.clock.pauseAt(Date.now() + 60_000);
    await search.box().pressSequentially('cha', { delay: 20 });
    await page.clock.runFor(500);
    await search.box().press('r');
    await page.clock.runFor(500);
    // 500 ms after the last key: nothing asked yet, however many keys were pressed.
    expect(search.requests).toHaveLength(0);
    await expect(page.getByRole('search').getByText('Searching…')).toBeVisible();
    await page.clock.runFor(250);
    await expect(search.listbox().getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    expect(search.requests.map((u) => u.searchParams.get('q'))).toEqual(['char']);
    await expect(search.listbox().getByRole('group', { name: 'Suggested searches' })).toBeVisible();
    await expect(
      search
        .listbox()
        .getByRole('group', { name: 'Categories', exact: true })
        .getByRole('option', { name: 'Chargers & Adapters', exact: true }),
    ).toBeVisible();
    const products = search.listbox().getByRole('group', { name: 'Products' }).getByRole('option');
    await expect(products.first()).toBeVisible();
    // The matched part of each suggestion is marked.
    await expect(products.first().locator('mark').first()).toHaveText(/^char$/i);
    await expect(products.first()).toContainText('$');
  });

  test('arrow keys choose a suggestion, Enter goes there, Escape closes', async ({ shop, page }) => {
    await shop.open('/site-map');
    const search = new HeaderSearch(page);
    await search.focusAndWaitForPopup();
    await search.box().fill('cable');
    const options = search.listbox().getByRole('option');
    await expect(options.first()).toBeVisible({ timeout: 30_000 });
    await expect(search.box()).toHaveAttribute('aria-expanded', 'true');
    await search.box().press('ArrowDown');
    await search.box().press('ArrowDown');
    const second = options.nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(search.box()).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    await search.box().press('Escape');
    await expect(search.listbox()).toBeHidden();
    await expect(search.box()).toHaveAttribute('aria-expanded', 'false');
    // Typing again reopens it; choosing with the keyboard goes to the suggestion's search.
    await search.box().press('End');
    await search.box().press('s');
    await expect(options.first()).toBeVisible({ timeout: 30_000 });
    await search.box().press('ArrowDown');
    const href = (await options.first().getAttribute('href'))!;
    expect(href).toMatch(/^\/search\?q=/);
    await search.box().press('Enter');
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Search results for');
  });

  test('says what was not found, closes shortly after leaving the box, and empty text closes it', async ({ shop, page }) => {
    await shop.open('/site-map');
    const search = new HeaderSearch(page);
    await search.focusAndWaitForPopup();
    await search.box().fill('zzqxv');
    await expect(page.getByText('Nothing found for “zzqxv”')).toBeVisible({ timeout: 30_000 });
    await search.box().fill('');
    await expect(search.listbox()).toBeHidden();
    await search.box().fill('usb');
    await expect(search.listbox().getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    // Leaving the box (to its Search button) closes the popup shortly after.
    await search.box().press('Tab');
    await expect(page.getByRole('search').getByRole('button', { name: 'Search' })).toBeFocused();
    await expect(search.listbox()).toBeHidden();
  });

  test('a product suggestion opens the product', async ({ shop, page, known }) => {
    await shop.open('/site-map');
    const search = new HeaderSearch(page);
    await search.focusAndWaitForPopup();
    await search.box().fill(known.plain.title);
    const product = search.listbox().getByRole('group', { name: 'Products' }).getByRole('option').first();
    await expect(product).toContainText(known.plain.title, { timeout: 30_000 });
    await product.click();
    await expect(page).toHaveURL(new RegExp(`/product/${known.plain.slug}$`));
  });
});

test.describe('the results page', () => {
  test.use({ javaScriptEnabled: false });

  test('works without JavaScript: corrected results, facets, filters and paging', async ({ shop, page }) => {
    await shop.open('/search?q=chargr');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “chargr”');
    await expect(page.getByText('Showing results for charger')).toBeVisible();
    await expect(shop.productTiles().first()).toContainText(/charger/i);
    await page.getByRole('checkbox', { name: /Chargers & Adapters/ }).check();
    await page.getByRole('checkbox', { name: 'In stock only' }).check();
    await page.getByRole('form', { name: 'Filters' }).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/category_ids=\d+/);
    await expect(page).toHaveURL(/in_stock=1/);
    await expect(page).toHaveURL(/q=chargr/);
    await expect(page.getByRole('checkbox', { name: /Chargers & Adapters/ })).toBeChecked();
    await expect(shop.productTiles().first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('chargr');
  });

  test('a search that finds nothing says so and offers categories', async ({ shop, page }) => {
    await shop.open('/search?q=zzqxv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nothing found for “zzqxv”');
    await expect(page.getByRole('heading', { name: 'Popular categories' })).toBeVisible();
    await page.getByRole('link', { name: 'Chargers & Adapters' }).first().click();
    await expect(page).toHaveURL(/\/all\/chargers-adapters$/);
  });
});

test.describe('the search API', () => {
  test('answers odd input with 200 or a clear 4xx, never a 500', async ({ request }) => {
    for (const q of ["'; drop table products; --", '😀', 'ünïcødé', '%00', 'a:* & !b']) {
      for (const path of ['/api/v1/search', '/api/v1/suggestions']) {
        const res = await request.get(`${path}?q=${encodeURIComponent(q)}`);
        expect(res.status(), `${path} ${q}`).toBe(200);
      }
    }
    const long = 'charger '.repeat(1280);
    for (const path of ['/api/v1/search', '/api/v1/suggestions']) {
      const res = await request.get(`${path}?q=${encodeURIComponent(long)}`);
      expect(res.status()).toBe(422);
      expect((await res.json()).data.form[0]).toMatch(/at most 200 characters/);
    }
    const page = await request.get(`/search?q=${encodeURIComponent(long)}`);
    expect(page.status()).toBe(200);
    const blank = await request.get('/api/v1/search?q=');
    expect(blank.status()).toBe(422);
  });

  test('search answers the listing shape, suggestions the popup shape', async ({ request }) => {
    const res = await request.get('/api/v1/search?q=usb%20c&per_page=5&sort=price_asc');
    expect(res.status()).toBe(200);
    const { data } = await res.json();
    expect(data.result).toMatchObject({ current_page: 1, per_page: 5 });
    expect(data.result.data.length).toBe(5);
    expect(data).toHaveProperty('all_categories');
    const s = await (await request.get('/api/v1/suggestions?q=power')).json();
    expect(Object.keys(s.data).sort()).toEqual(['category', 'product', 'sub_category', 'suggested']);
  });
});

// Issue 31: on a phone the cookie notice covered the lower suggestions.
test('at 390 px the cookie notice does not cover the suggestions', async ({ shop, page, context }) => {
  const { showNotices } = await import('../shell/helpers');
  await showNotices(context);
  await page.setViewportSize({ width: 390, height: 700 });
  await shop.open('/site-map');
  // The first visit's popup banner goes first; the cookie notice stays until answered.
  const popupBanner = page.getByRole('dialog');
  if (await popupBanner.isVisible()) await popupBanner.getByRole('button').first().click();
  await expect(popupBanner).toBeHidden();
  await expect(page.locator('.cookie-notice')).toBeVisible();
  const search = new HeaderSearch(page);
  // A phone's header shows the search behind a button.
  await page.getByRole('button', { name: 'Show search' }).click();
  await search.focusAndWaitForPopup();
  await search.box().fill('cable');
  const options = search.listbox().getByRole('option');
  await expect(options.first()).toBeVisible({ timeout: 10_000 });
  const covered = await page.evaluate(() => {
    const popup = document.querySelector('.search-popup')!;
    return [...popup.querySelectorAll('[role="option"]')].filter((o) => {
      const r = o.getBoundingClientRect();
      const y = r.top + r.height / 2;
      if (y <= 0 || y >= window.innerHeight) return false; // scrolled out of the popup or the screen
      const hit = document.elementFromPoint(r.left + r.width / 2, y);
      return !hit || !popup.contains(hit);
    }).length;
  });
  expect(covered).toBe(0);
  await keepShot(page, { path: 'test-results/search-popup-cookie-390.png' });
});
