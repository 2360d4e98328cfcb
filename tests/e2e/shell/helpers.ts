import type { BrowserContext, Page } from '@playwright/test';

/**
 * A first-time visitor: forgets the dismissals the shared fixture gives every browser (once, before the
 * first page, so what the spec itself dismisses is remembered across reloads).
 */
export async function showNotices(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: 'frontend_cookie_notice' });
  await context.addInitScript(() => {
    try {
      if (localStorage.getItem('voltmart:e2e-first-visit')) return;
      localStorage.setItem('voltmart:e2e-first-visit', '1');
      for (const key of Object.keys(localStorage)) if (key.startsWith('voltmart:dismissed:')) localStorage.removeItem(key);
    } catch {
      // No localStorage on opaque origins.
    }
  });
}

/** A realistic `GET /api/v1/all?category=` envelope (DESIGN.md listing shape) for the mega menu. */
export function listingEnvelope(slug: string, count = 6) {
  const data = Array.from({ length: count }, (_, i) => ({
    id: 100 + i,
    slug: `${slug}-item-${i + 1}`,
    title: `${slug} item ${i + 1}`,
    image: '/images/placeholder.svg',
    selling: 1999 + i * 100,
    offered: 0,
    price: null,
    end_time: null,
    wishlisted: null,
  }));
  return {
    status: 200,
    message: 'success',
    data: {
      result: { data, current_page: 1, last_page: 3, per_page: count, total: count * 3 },
      all_categories: [],
      category: { slug },
      collections: [],
      brands: [],
    },
  };
}

/** The header of the current page. */
export const header = (page: Page) => page.getByRole('banner');
