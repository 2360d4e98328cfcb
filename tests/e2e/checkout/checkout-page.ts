import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailCode, nextMail, signUpByApi, uniqueEmail } from '../fixtures/auth';

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
      await this.page.screenshot({ path: `test-results/checkout-${name}-${width}.png`, fullPage: true });
    }
  }

  method(name: string) {
    return this.page.getByRole('radio', { name });
  }

  async placeOrder() {
    await this.page.getByRole('button', { name: 'Place order' }).click();
  }
}
