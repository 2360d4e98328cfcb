import { expect, type Page } from '@playwright/test';
import { productUrl } from '@/lib/urls';
import { formatPrice } from '@/lib/price';

/** The demo shop's price format (settings defaults: USD, $, en-US, before). */
export const money = (cents: number) => formatPrice(cents, { currency_icon: '$', decimal_format: 'en-US', currency_position: 1 });

/** Helpers for the product detail page. */
export class ProductPage {
  constructor(readonly page: Page) {}

  async open(slug: string, query = '') {
    const response = await this.page.goto(productUrl({ slug }) + query);
    expect(response?.status(), `status of ${slug}`).toBe(200);
    return response!;
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  currentPrice() {
    return this.page.locator('[data-price-now]');
  }

  buyForm() {
    return this.page.locator('form[data-buy-form]');
  }

  message() {
    return this.buyForm().getByRole('status');
  }

  quantity() {
    return this.page.getByRole('spinbutton', { name: 'Quantity' });
  }

  addToCart() {
    return this.page.getByRole('button', { name: 'Add to cart', exact: true });
  }

  buyNow() {
    return this.page.getByRole('button', { name: 'Buy now' });
  }

  /** Picks a value of an attribute group (Colour, Wattage…) by clicking its label. */
  async choose(attribute: string, value: string) {
    await this.page.getByRole('group', { name: attribute }).getByText(value, { exact: true }).click();
  }

  async jsonLd(): Promise<Record<string, unknown>[]> {
    const blocks = await this.page.locator('script[type="application/ld+json"]').allTextContents();
    return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
  }
}
