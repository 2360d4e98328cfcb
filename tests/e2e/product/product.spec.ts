import AxeBuilder from '@axe-core/playwright';
import { test, expect, keepShot } from '../fixtures';
import { ProductPage, money } from './product-page';
import { centsToDecimal } from '@/lib/product-seo';
import { productUrl } from '@/lib/urls';

test.describe('product page with JavaScript on', () => {
  test('opens every known kind of product', async ({ page, known }) => {
    test.slow(); // one page per known product
    const pp = new ProductPage(page);
    for (const p of Object.values(known)) {
      await pp.open(p.slug);
      await expect(pp.heading()).toHaveText(p.title);
      await expect(pp.currentPrice()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    }
  });

  test('choosing a variant changes the price and stock', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.withVariants.slug);
    const variant = known.withVariants.variants.find((v) => v.price > 0 && v.quantity > 0)!;
    const before = await pp.currentPrice().textContent();
    for (const [attribute, value] of Object.entries(variant.values)) await pp.choose(attribute, value!);
    await expect(pp.currentPrice()).toHaveText(money(variant.price));
    expect(money(variant.price)).not.toBe(before);
    await expect(page.getByText(`In stock: ${variant.quantity}`)).toBeVisible();
    await expect(page.locator('input[name="inventory_id"]')).not.toHaveValue('');
  });

  test('choosing a quantity before the attributes says what is missing', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.withVariants.slug);
    await pp.quantity().fill('2');
    await pp.quantity().blur();
    await expect(pp.message()).toHaveText('Please select all required attributes.');
    expect(new URL(page.url()).pathname).toBe(productUrl(known.withVariants));
  });

  test('the toast about a missing choice goes once the variant is chosen', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.withVariants.slug);
    const toast = page.locator('[data-toast]');
    await page.locator('button[data-cart-submit]').first().click();
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Please select all required attributes.');
    const variant = known.withVariants.variants.find((v) => v.price > 0 && v.quantity > 0)!;
    for (const [attribute, value] of Object.entries(variant.values)) await pp.choose(attribute, value!);
    // At once, not when the toast would time out on its own (5 s): the choice is the answer to it.
    expect(await toast.isHidden()).toBe(true);
    await expect(pp.message()).toHaveText('');
  });

  test('the stepper and a typed quantity stay within the per-order maximum and say so', async ({ page, request, known }) => {
    const detail = (await (await request.get(`/api/v1/product/${known.plain.slug}`)).json()).data;
    // The plain product has more in stock than its per-order maximum, so the maximum is the limit.
    expect(detail).toMatchObject({ stock: known.plain.stock, max_per_order: 10 });
    expect(known.plain.stock).toBeGreaterThan(10);
    const pp = new ProductPage(page);
    await pp.open(known.plain.slug);
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(pp.message()).toHaveText('Must have minimum 1 item.');
    await expect(pp.quantity()).toHaveAttribute('max', '10');
    await pp.quantity().fill('11');
    await pp.quantity().blur();
    await expect(pp.message()).toHaveText('Maximum quantity exceeds.');
    await pp.quantity().fill('0');
    await pp.quantity().blur();
    await expect(pp.message()).toHaveText('Must have minimum 1 item.');
    await pp.quantity().fill('10');
    await pp.quantity().blur();
    await expect(pp.message()).toHaveText('');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(pp.message()).toHaveText('Maximum quantity exceeds.');
    await expect(pp.quantity()).toHaveValue('10');
  });

  test('with fewer in stock than the per-order maximum, the stock is the limit and says so', async ({ page, request, known }) => {
    const detail = (await (await request.get(`/api/v1/product/${known.lowStock.slug}`)).json()).data;
    expect(detail).toMatchObject({ stock: known.lowStock.stock, max_per_order: 10 });
    const pp = new ProductPage(page);
    await pp.open(known.lowStock.slug);
    await expect(pp.quantity()).toHaveAttribute('max', String(known.lowStock.stock));
    await pp.quantity().fill(String(known.lowStock.stock + 1));
    await pp.quantity().blur();
    await expect(pp.message()).toHaveText('Product quantity exceeds inventory.');
    await pp.quantity().fill(String(known.lowStock.stock));
    await pp.quantity().blur();
    await expect(pp.message()).toHaveText('');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(pp.message()).toHaveText('Product quantity exceeds inventory.');
  });

  test('Add to cart, Buy now, wishlist and compare are all open', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.withVariants.slug);
    const variant = known.withVariants.variants.find((v) => v.price > 0 && v.quantity > 0)!;
    for (const [attribute, value] of Object.entries(variant.values)) await pp.choose(attribute, value!);
    await expect(pp.addToCart()).toBeEnabled();
    await expect(pp.buyNow()).toBeEnabled();
    for (const name of ['Wishlist', 'Compare']) await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
  });

  test('an out-of-stock product says so and cannot be added', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.outOfStock.slug);
    await expect(pp.message()).toHaveText('This product is out of stock.');
    await expect(pp.addToCart()).toBeDisabled();
    await expect(pp.buyNow()).toBeDisabled();
  });

  test('a flash-sale product shows its flash price, the previous price and a countdown', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.inFlashSale.slug);
    await expect(pp.currentPrice()).toHaveText(money(known.inFlashSale.flashPrice));
    await expect(page.locator('[data-price-prev]')).toContainText(money(known.inFlashSale.selling));
    await expect(page.locator('time[data-countdown]')).toHaveText(/ends in (\d+d )?\d\d:\d\d:\d\d/);
  });

  test('JSON-LD offers the current price, with a breadcrumb', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.inFlashSale.slug);
    const ld = await pp.jsonLd();
    const product = ld.find((l) => l['@type'] === 'Product') as { offers: Record<string, string>; name: string };
    expect(product.name).toBe(known.inFlashSale.title);
    expect(product.offers).toMatchObject({
      price: centsToDecimal(known.inFlashSale.flashPrice),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    const crumbs = ld.find((l) => l['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((i) => i.name)[0]).toBe('Home');
    expect(crumbs.itemListElement.at(-1)!.name).toBe(known.inFlashSale.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${productUrl(known.inFlashSale)}$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  });

  test('the main image zooms from the keyboard', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.plain.slug);
    const zoom = page.getByRole('button', { name: /^Zoom the image: Image 1 of/ });
    await zoom.focus();
    await page.keyboard.press('Enter');
    await expect(zoom).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(zoom).toHaveAttribute('aria-pressed', 'false');
  });

  test('a video thumbnail opens an allowlisted player', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.withVideo.slug);
    await page.getByRole('link', { name: 'Watch video 1' }).click();
    await expect(page.locator('.pd-stage iframe')).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${known.withVideo.videoId}`,
    );
  });

  test('loads little JavaScript, no React, and breaks no CSP rule', async ({ page, known }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const scripts: { url: string; bytes: Promise<number> }[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') scripts.push({ url: r.url(), bytes: r.sizes().then((s) => s.responseBodySize) });
    });
    const pp = new ProductPage(page);
    await pp.open(known.withVariants.slug);
    await page.waitForLoadState('networkidle');
    expect(scripts.length, 'the page loads its enhancement script').toBeGreaterThan(0);
    const total = (await Promise.all(scripts.map((s) => s.bytes))).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(30 * 1024);
    expect(scripts.map((s) => s.url).filter((u) => /react|client\.[\w-]+\.js/i.test(u))).toEqual([]);
    expect(violations).toEqual([]);
  });

  // One page and one axe scan per test: three in one test once ran past 30 s on a busy machine.
  for (const kind of ['withVariants', 'outOfStock', 'inFlashSale'] as const) {
    test(`has no serious or critical accessibility violation (${kind})`, async ({ page, known }) => {
      const pp = new ProductPage(page);
      await pp.open(known[kind].slug);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  for (const width of [390, 1280]) {
    test(`at ${width} px every known product shows its title, price and buttons within the page width (screenshots kept)`, async ({
      page,
      known,
    }) => {
      test.slow(); // one page and one full-page screenshot per known product
      await page.setViewportSize({ width, height: 900 });
      const pp = new ProductPage(page);
      for (const [kind, p] of Object.entries(known)) {
        await pp.open(p.slug);
        await expect(pp.heading()).toHaveText(p.title);
        await expect(pp.currentPrice()).toBeVisible();
        await expect(pp.addToCart()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${kind} fits ${width} px`).toBeLessThanOrEqual(width);
        await keepShot(page, { path: `/tmp/shots/product/e2e-${kind}-${width}.png`, fullPage: true });
      }
    });
  }
});

test.describe('product page with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('renders gallery, price, the form with attribute radios, and the cart buttons posting to the cart', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.withVariants.slug);
    await expect(page.getByRole('img', { name: known.withVariants.title })).toBeVisible();
    const first = page.locator('.pd-slide[data-i="0"]');
    const second = page.locator('.pd-slide[data-i="1"]');
    await expect(first).toBeVisible();
    await expect(second).toBeHidden();
    await page.locator('label.pd-thumb').nth(1).click();
    await expect(page.getByRole('radio', { name: 'Show image 2' })).toBeChecked();
    await expect(second).toBeVisible();
    await expect(first).toBeHidden();
    await expect(pp.currentPrice()).toBeVisible();
    const axes = new Set(known.withVariants.variants.flatMap((v) => Object.keys(v.values)));
    for (const axis of axes) expect(await page.getByRole('group', { name: axis }).getByRole('radio').count()).toBeGreaterThan(1);
    await expect(pp.buyForm().locator('input[name="quantity"]')).toHaveValue('1');
    // Without JavaScript the buy form posts to the cart API (tests/e2e/cart covers what it does).
    await expect(pp.buyForm()).toHaveAttribute('action', '/api/v1/cart/action');
    await expect(pp.addToCart()).toBeEnabled();
    await expect(pp.buyNow()).toHaveAttribute('formaction', '/api/v1/cart/buy-now');
  });

  test('every form of the product area that can be sent goes somewhere that answers', async ({ page, request, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.withVariants.slug);
    // The shell's forms (search, newsletter) have their own specs; /search arrives with the search issue.
    const forms = await page.locator('main form').evaluateAll((all) =>
      (all as HTMLFormElement[]).map((f) => ({
        action: f.action,
        method: f.method,
        enabled: [...f.querySelectorAll('button[type="submit"], button:not([type]), input[type="submit"]')].some(
          (b) => !(b as HTMLButtonElement).disabled,
        ),
      })),
    );
    // The buy form and the suggested tiles' quick adds post to the cart API; wishlist, compare and voucher forms to
    // theirs; each review's "Report" form to the review's report (issue 34).
    const cartAction = new URL('/api/v1/cart/action', page.url()).href;
    expect(forms[0]).toEqual({ action: cartAction, method: 'post', enabled: true });
    const lists = forms.filter((f) => f.action !== cartAction);
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const f of forms)
      expect(f, f.action).toMatchObject({
        method: 'post',
        enabled: true,
        action: expect.stringMatching(/\/api\/v1\/(cart\/action$|user\/|reviews\/\d+\/report$)/),
      });
    for (const form of forms.filter((f) => f.enabled)) {
      // GET forms are followed as a browser would; POST forms with an empty body must at least be routed (not 404/405).
      const res =
        form.method === 'get'
          ? await request.get(form.action)
          : await request.post(form.action, { headers: { origin: new URL(form.action).origin }, form: {} });
      expect(res.status(), `${form.method.toUpperCase()} ${form.action}`).not.toBe(404);
      expect(res.status(), `${form.method.toUpperCase()} ${form.action}`).toBeLessThan(500);
    }
    // Buy now sends the buy form elsewhere (its formaction): that address must answer too.
    const buyNow = await pp.buyNow().evaluate((b) => (b as HTMLButtonElement).formAction);
    expect(buyNow).toBe(new URL('/api/v1/cart/buy-now', page.url()).href);
    const sent = await request.post(buyNow, { headers: { origin: new URL(buyNow).origin }, form: {} });
    expect(sent.status(), `POST ${buyNow}`).not.toBe(404);
    expect(sent.status(), `POST ${buyNow}`).toBeLessThan(500);
  });

  test('a video thumbnail is a link to the video', async ({ page, known }) => {
    const pp = new ProductPage(page);
    await pp.open(known.withVideo.slug);
    await expect(page.getByRole('link', { name: 'Watch video 1' })).toHaveAttribute(
      'href',
      `https://www.youtube-nocookie.com/embed/${known.withVideo.videoId}`,
    );
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('review and suggested pages follow links', async ({ page, known, request }) => {
    const pp = new ProductPage(page);
    const reviews = (await (await request.get(`/api/v1/reviews/${known.plain.slug}`)).json()).data;
    expect(reviews.last_page, 'the plain product has more than one page of reviews').toBeGreaterThan(1);
    await pp.open(known.plain.slug);
    const firstReview = await page.locator('.pd-review').first().textContent();
    await page.getByRole('navigation', { name: 'Review pages' }).getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/reviews_page=2/);
    await expect(page.getByRole('navigation', { name: 'Review pages' })).toContainText(`Page 2 of ${reviews.last_page}`);
    expect(await page.locator('.pd-review').first().textContent()).not.toBe(firstReview);

    // Tiles are the listings' ProductCard: read their product links, whatever the markup inside.
    const tileLinks = () =>
      page.locator('#suggested li a[href*="/product/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
    const firstTiles = await tileLinks();
    await page.getByRole('navigation', { name: 'Suggested product pages' }).getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(/reviews_page=2/);
    const secondTiles = await tileLinks();
    expect(secondTiles.length).toBeGreaterThan(0);
    expect(secondTiles.filter((t) => firstTiles.includes(t))).toEqual([]);
    expect(secondTiles).not.toContain(productUrl(known.plain));
  });
});

test.describe('product addresses', () => {
  test('an unknown slug or another first segment is the not-found page', async ({ page, known }) => {
    for (const path of ['/products/product/no-such-product-anywhere', `/elsewhere/product/${known.plain.slug}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });

  test('a numeric id answers 301 to the slug URL', async ({ request, known }) => {
    const api = (await (await request.get(`/api/v1/product/${known.plain.slug}`)).json()).data;
    const res = await request.get(`/products/product/${api.id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toBe(productUrl(known.plain));
  });

  test('the API answers the detail, suggested products and reviews', async ({ request, known }) => {
    const detail = await (await request.get(`/api/v1/product/${known.withVariants.slug}`)).json();
    expect(detail.data).toMatchObject({ slug: known.withVariants.slug, wishlisted: null });
    expect(detail.data.inventories).toHaveLength(known.withVariants.variants.length);
    const suggested = await (await request.get(`/api/v1/suggested-products/${known.withVariants.slug}?page=2`)).json();
    expect(suggested.data.result).toMatchObject({ current_page: 2, per_page: expect.any(Number), total: expect.any(Number) });
    const bad = await request.get(`/api/v1/suggested-products/${known.withVariants.slug}?page=zero`);
    expect(bad.status()).toBe(422);
    const missing = await request.get('/api/v1/product/no-such-product-anywhere');
    expect(missing.status()).toBe(404);
    expect((await missing.json()).status).toBe(404);
  });

  test('Save-Data leaves out video players and gallery images', async ({ browser, known }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Save-Data': 'on' } });
    const page = await context.newPage();
    const pp = new ProductPage(page);
    await pp.open(known.withVideo.slug);
    await expect(page.locator('.pd-gallery img')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Watch video 1' })).toBeVisible();
    await expect(page.locator('a[data-embed]')).toHaveCount(0);
    await context.close();
  });
});
