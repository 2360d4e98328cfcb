import { expect, type Page } from '@playwright/test';

/** Helpers for listing pages: read tiles, use the filter form, with or without JavaScript. */
export class ListingPage {
  constructor(
    readonly page: Page,
    readonly javaScript: boolean,
  ) {}

  filters() {
    return this.page.getByRole('form', { name: 'Filters' });
  }

  /** Current prices of the tiles, in cents. */
  async prices(): Promise<number[]> {
    const texts = await this.page.locator('main article .price .now').allTextContents();
    return texts.map((t) => Math.round(Number(t.replace(/[^0-9.]/g, '')) * 100));
  }

  async tileSlugs(): Promise<string[]> {
    const hrefs = await this.page.locator('main article a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    return hrefs.map((h) => h.split('/').pop()!);
  }

  /** Submits the filter form: by the Apply button (no JavaScript), or by the change itself (JavaScript). */
  async submitAfter(change: () => Promise<void>, autoSubmits: boolean) {
    const navigated = this.page.waitForURL((url) => url.search.length > 0);
    await change();
    if (!this.javaScript || !autoSubmits) await this.filters().getByRole('button', { name: 'Apply' }).click();
    await navigated;
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  async setPrice(min: string, max: string) {
    await this.submitAfter(async () => {
      await this.filters().getByLabel('Minimum price').fill(min);
      await this.filters().getByLabel('Maximum price').fill(max);
    }, false);
  }

  async setRating(stars: number) {
    await this.submitAfter(
      () =>
        this.filters()
          .getByRole('radio', { name: `${stars} stars & up` })
          .check(),
      true,
    );
  }

  async sortBy(label: string) {
    await this.submitAfter(async () => {
      await this.page.getByLabel('Sort by').selectOption({ label });
      if (!this.javaScript) await this.page.locator('.sort-select').getByRole('button', { name: 'Apply' }).click();
    }, true);
  }
}
