import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { productUrl } from '@/lib/urls';

export interface ListProduct {
  id: number;
  slug: string;
  title: string;
}

/** Products of one category (`count` of them, in stock), and one product of another category. */
export async function productsForLists(
  request: APIRequestContext,
  count: number,
): Promise<{ same: ListProduct[]; other: ListProduct; category: string; categorySlug: string }> {
  const categories = (await (await request.get('/api/v1/categories')).json()).data.data as { slug: string; title: string }[];
  const pick = async (slug: string) =>
    ((await (await request.get(`/api/v1/all?category=${slug}`)).json()).data.result.data as (ListProduct & { in_stock: boolean })[]).filter(
      (p) => p.in_stock,
    );
  for (const [i, c] of categories.entries()) {
    const same = await pick(c.slug);
    if (same.length < count) continue;
    const next = categories[(i + 1) % categories.length]!;
    const other = (await pick(next.slug))[0]!;
    return { same: same.slice(0, count), other, category: c.title, categorySlug: c.slug };
  }
  throw new Error(`no category with ${count} products in stock`);
}

/** The product page's wishlist and compare buttons (toggle buttons: aria-pressed says the state). */
export class ListButtons {
  constructor(readonly page: Page) {}

  async open(product: ListProduct) {
    const res = await this.page.goto(productUrl(product));
    expect(res?.status()).toBe(200);
  }

  wishlist() {
    return this.page.locator('.pd-secondary').getByRole('button', { name: 'Wishlist' });
  }

  compare() {
    return this.page.locator('.pd-secondary').getByRole('button', { name: 'Compare' });
  }

  toast() {
    return this.page.locator('[data-toast]');
  }
}

/** Counts what the API says the signed-in person has. */
export async function listCount(request: APIRequestContext, list: 'wishlist' | 'compare-list'): Promise<number> {
  return ((await (await request.get(`/api/v1/user/${list}/all`)).json()).data.data as unknown[]).length;
}
