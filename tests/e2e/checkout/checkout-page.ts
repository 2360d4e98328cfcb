import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailCode, nextMail, signUpByApi, uniqueEmail } from '../fixtures/auth';
import { keepShot } from '../fixtures';

/** A verified account with one US shipping address, made through the API in its own request context. */
export async function accountWithAddress(request: APIRequestContext, baseURL: string, tag: string) {
  const email = uniqueEmail(tag);
  await signUpByApi(request, email);
  expect((await request.post('/api/v1/user/verify', { data: { email, code: mailCode(await nextMail(email)) } })).status()).toBe(200);
  const res = await request.post('/api/v1/user/address/action', {
    data: {
      name: 'Test Shopper',
      email,
      phone: '555-123-4567',
      country: 'US',
      state: 'CA',
      city: 'Fresno',
      zip: '93650',
      address_1: '1 Main St',
    },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, password: 'secret-pass' };
}

/**
 * A product in stock with nothing to choose that no other spec counts on (buying changes its stock):
 * not one of the known products, found from a category listing.
 */
export async function productToBuy(request: APIRequestContext, known: Record<string, { slug: string }>, skip = 0) {
  const taken = new Set(Object.values(known).map((k) => k.slug));
  const categories = (await (await request.get('/api/v1/categories')).json()).data.data as { slug: string }[];
  const found: { slug: string; title: string }[] = [];
  for (const c of categories) {
    const list = (await (await request.get(`/api/v1/all?category=${c.slug}`)).json()).data.result.data as { slug: string }[];
    for (const item of list.filter((p) => !taken.has(p.slug))) {
      const p = (await (await request.get(`/api/v1/product/${item.slug}`)).json()).data;
      if (p?.in_stock && !p.variant_prices?.length && p.stock > 5) found.push({ slug: p.slug, title: p.title });
      if (found.length > skip) return found[skip]!;
    }
  }
  throw new Error('the demo shop has no product left to buy');
}

/** A new account with an address and a product for it to buy (the `skip`-th free one), set up in a context of their own. */
export async function buyerAndProduct(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string,
  known: Record<string, { slug: string }>,
  tag: string,
  skip: number,
) {
  const api = await playwright.request.newContext({ baseURL });
  const account = await accountWithAddress(api, baseURL, tag);
  const item = await productToBuy(api, known, skip);
  await api.dispose();
  return { account, item };
}

/** Shipping → checkout → place order, the same clicks with JavaScript on or off. */
export class CheckoutFlow {
  constructor(readonly page: Page) {}

  async continueFromShipping() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    await expect(this.page.getByText('Standard shipping: 3-7 business days.').first()).toBeVisible();
    await this.page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  }

  /** Screenshots at a phone's and a desktop's width (test-results/), for a person to look at. */
  async look(name: string) {
    for (const width of [390, 1280]) {
      await this.page.setViewportSize({ width, height: 900 });
      await keepShot(this.page, { path: `test-results/checkout-${name}-${width}.png`, fullPage: true });
    }
  }

  method(name: string) {
    return this.page.getByRole('radio', { name });
  }

  async placeOrder() {
    await this.page.getByRole('button', { name: 'Place order' }).click();
  }
}
