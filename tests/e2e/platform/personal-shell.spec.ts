import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { postOk, signedInShopper, signIn, uniqueEmail } from '../account/helpers';
import { productsForLists } from '../lists/lists-page';
import { productUrl } from '@/lib/urls';

/**
 * Shared catalog HTML, personal shell (issue 20, decision 0024): a signed-in shopper's catalog pages are
 * the guest copy with their own name, cart count and hearts filled in by the server. Two signed-in
 * shoppers and a guest take turns on the same URLs, with JavaScript on and off: each sees only their
 * own header, badge and hearts, and the signed-in copies really come from the shared one.
 */
interface Visitor {
  label: string;
  page: Page;
  /** First word of the name, or null for the guest. */
  first: string | null;
  cart: number;
  hearts: number[];
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`personal parts of shared pages, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });
    test.describe.configure({ timeout: 240_000 });

    test('two signed-in shoppers and a guest alternating on the same URLs never see each other’s name, cart count or hearts', async ({
      browser,
      context,
      page,
      known,
    }) => {
      const { same, categorySlug } = await productsForLists(page.request, 2);
      const [p1, p2] = same as [(typeof same)[0], (typeof same)[0]];
      // The cart takes a product without variants (one needing a choice is refused without one).
      const plainId = ((await (await page.request.get(`/api/v1/product/${known.plain.slug}`)).json()).data as { id: number }).id;
      const baseURL = test.info().project.use.baseURL;
      const [adaContext, adaPage] = await signedInShopper(browser, context, {
        javaScriptEnabled,
        baseURL,
        tag: 'shell-ada',
        name: 'Adaline Alpha',
      });
      const [bobContext, bobPage] = await signedInShopper(browser, context, {
        javaScriptEnabled,
        baseURL,
        tag: 'shell-bob',
        name: 'Bobbin Beta',
      });
      const post = postOk;
      await post(adaPage, '/api/v1/user/wishlist/action', { product_id: p1.id });
      await post(adaPage, '/api/v1/cart/action', { product_id: plainId, quantity: 2 });
      await post(bobPage, '/api/v1/user/wishlist/action', { product_id: p2.id });
      await post(bobPage, '/api/v1/cart/action', { product_id: plainId, quantity: 1 });

      const visitors: Visitor[] = [
        { label: 'Ada', page: adaPage, first: 'Adaline', cart: 2, hearts: [p1.id] },
        { label: 'guest', page, first: null, cart: 0, hearts: [] },
        { label: 'Bob', page: bobPage, first: 'Bobbin', cart: 1, hearts: [p2.id] },
      ];
      const urls = [productUrl(p1), productUrl(p2), '/', `/all/${categorySlug}`];
      const sources = new Set<string>();

      for (let round = 0; round < 2; round++) {
        for (const url of urls) {
          for (const v of visitors) {
            const response = await v.page.goto(url);
            expect(response!.status(), `${v.label} ${url}`).toBe(200);
            if (v.first) sources.add(response!.headers()['x-page-cache'] ?? 'rendered');
            const header = v.page.locator('header').first();
            if (v.first) {
              await expect(header.locator('.account-name'), `${v.label} on ${url}`).toHaveText(v.first);
              await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
            } else {
              await expect(header.locator('.account-name')).toHaveCount(0);
              await expect(header.getByRole('link', { name: 'Login' }).first()).toBeAttached();
            }
            const badge = header.locator('[data-cart-count]');
            if (v.cart) await expect(badge, `${v.label}'s cart badge on ${url}`).toHaveText(String(v.cart));
            else await expect(badge).toBeHidden();
            const html = await v.page.content();
            for (const other of visitors.filter((o) => o !== v && o.first))
              expect(html, `${v.label} on ${url}`).not.toContain(other.first!);
            for (const p of [p1, p2]) {
              const hearts = v.page.locator(`[data-list-button="wishlist"][data-product-id="${p.id}"]`);
              const count = await hearts.count();
              for (let i = 0; i < count; i++)
                await expect(hearts.nth(i), `${v.label}'s heart of ${p.id} on ${url}`).toHaveAttribute(
                  'aria-pressed',
                  v.hearts.includes(p.id) ? 'true' : 'false',
                );
            }
          }
        }
      }
      // The signed-in copies came from the shared guest copy (rendered once, then kept), not a render of their own.
      expect(
        [...sources].some((s) => s.includes('hit, personal')),
        [...sources].join(' | '),
      ).toBe(true);
      await adaContext.close();
      await bobContext.close();
    });
  });
}

test.describe('personal parts of shared pages in Arabic, JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 240_000 });

  test('a shopper on /ar pages gets the shared Arabic copy with their own name, badge and Arabic links', async ({
    browser,
    context,
    page,
    known,
  }) => {
    const { same, categorySlug } = await productsForLists(page.request, 1);
    const plainId = ((await (await page.request.get(`/api/v1/product/${known.plain.slug}`)).json()).data as { id: number }).id;
    const ada = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    await ada.addCookies(await context.cookies());
    const adaPage = await ada.newPage();
    await signIn(adaPage, uniqueEmail('shell-ar'), 'Amira Arabic');
    const added = await adaPage.request.post('/api/v1/cart/action', {
      data: { product_id: plainId, quantity: 3 },
      headers: { accept: 'application/json' },
    });
    expect(added.status(), await added.text()).toBe(200);
    const urls = [`/ar${productUrl(same[0]!)}`, `/ar/all/${categorySlug}`];
    const sources: string[] = [];
    for (let round = 0; round < 2; round++)
      for (const url of urls)
        for (const [who, p] of [
          ['Amira', adaPage],
          ['guest', page],
        ] as const) {
          const response = await p.goto(url);
          expect(response!.status(), `${who} ${url}`).toBe(200);
          await expect(p.locator('html')).toHaveAttribute('lang', 'ar');
          const header = p.locator('header').first();
          if (who === 'guest') {
            await expect(header.locator('.account-name')).toHaveCount(0);
            continue;
          }
          sources.push(response!.headers()['x-page-cache'] ?? 'rendered');
          await expect(header.locator('.account-name'), url).toHaveText('Amira');
          await expect(header.locator('[data-cart-count]')).toHaveText('3');
          // The filled-in account menu and cart link keep the page's language.
          const hrefs = await header.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
          expect(
            hrefs.filter((h) => /^\/(user|cart)\b/.test(h)),
            url,
          ).toEqual([]);
          expect(hrefs.some((h) => h.startsWith('/ar/user/'))).toBe(true);
        }
    expect(
      sources.some((s) => s.includes('personal')),
      sources.join(' | '),
    ).toBe(true);
    await ada.close();
  });
});
