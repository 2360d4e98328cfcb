import { expect, type Page } from '@playwright/test';
import { productUrl } from '../../../src/lib/urls';

/** The cart page and the header badge, as a shopper sees them. */
export class CartPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/cart');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Shopping cart' })).toBeVisible();
  }

  /**
   * Wakes the island as a person's first touch does (it hydrates on interaction, decision 0005) and waits
   * until it is awake (JavaScript on). An empty cart has nothing to wake.
   */
  async ready() {
    const island = this.page.locator('[data-cart-island]');
    await expect(island.or(this.page.locator('.cart-empty'))).toBeVisible();
    if (!(await island.count())) return;
    await island.dispatchEvent('pointerdown');
    await expect(this.page.locator('[data-cart-island="ready"]')).toBeVisible({ timeout: 30_000 });
  }

  /** The header's cart link: "Cart" alone, or "Cart, N items". */
  badge(count: number | null) {
    const banner = this.page.getByRole('banner');
    return count ? banner.getByRole('link', { name: `Cart, ${count} items` }) : banner.getByRole('link', { name: 'Cart', exact: true });
  }

  line(title: string) {
    return this.page.locator('li.cart-line').filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }

  quantityOf(title: string) {
    return this.page.getByRole('spinbutton', { name: `Quantity of ${title}` });
  }

  toast() {
    return this.page.locator('[data-toast]');
  }

  /** Adds from the product page's form (either mode). */
  async addFromProduct(slug: string, quantity = 1) {
    await this.page.goto(productUrl({ slug }));
    const qty = this.page.getByRole('spinbutton', { name: 'Quantity' });
    await qty.fill(String(quantity));
    // Wait for the shop's answer to the add (a fetch with JavaScript on, the form's post without): the next step is
    // often a navigation, which would cancel a fetch still on its way.
    const answered = this.page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/cart/action',
    );
    await this.page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    expect((await answered).status()).toBeLessThan(400);
  }
}
