import { expect, type Page, type Request } from '@playwright/test';

/** The header search and its popup, as a shopper uses them. */
export class HeaderSearch {
  readonly requests: URL[] = [];

  constructor(readonly page: Page) {
    page.on('request', (req: Request) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/v1/suggestions') this.requests.push(url);
    });
  }

  box() {
    return this.page.getByRole('combobox', { name: 'Search' });
  }

  listbox() {
    return this.page.getByRole('listbox', { name: 'Search suggestions' });
  }

  /** Focuses the input and waits until the popup's code has loaded and taken over the input. */
  async focusAndWaitForPopup() {
    await this.box().focus();
    await expect(this.box()).toHaveAttribute('aria-controls', 'site-search-listbox', { timeout: 30_000 });
  }

  /** Suggestions asked for this text so far. */
  asked(q: string) {
    return this.requests.filter((u) => u.searchParams.get('q') === q).length;
  }
}
