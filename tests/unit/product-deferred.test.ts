import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localsWith, startAstroRenderer, type AstroRenderer } from './astro-render';

/**
 * The product page's parts below the fold load on their own (server/web/deferred.ts): here no database
 * is open, so loading them fails, and each part must still render, say so, and mark the page degraded.
 */
let renderer: AstroRenderer;
beforeAll(async () => {
  renderer = await startAstroRenderer();
}, 60_000);
afterAll(() => renderer?.close());

const product = { id: 1, slug: 'x', category: { id: 1 }, sub_category: null, store: { id: 1 }, brand: null };
const summary = { average: 4, total: 3, stars: { 5: 1, 4: 1, 3: 1, 2: 0, 1: 0 } };

describe('parts of the product page below the fold', () => {
  it('reviews that cannot be loaded leave the summary and a note, and mark the page degraded', async () => {
    const ProductReviews = await renderer.load('/src/components/product/ProductReviews.astro');
    const locals = localsWith();
    const html = await renderer.container.renderToString(ProductReviews, { props: { product, summary, page: 1 }, locals });
    expect(html).toContain('Reviews could not be loaded just now.');
    expect(html).toContain('4.0');
    expect(locals.degraded).toBe(true);
  }, 60_000);

  it('suggestions that cannot be loaded leave a note, and mark the page degraded', async () => {
    const SuggestedProducts = await renderer.load('/src/components/product/SuggestedProducts.astro');
    const locals = localsWith();
    const html = await renderer.container.renderToString(SuggestedProducts, { props: { product, page: 1 }, locals });
    expect(html).toContain('Suggestions could not be loaded just now.');
    expect(locals.degraded).toBe(true);
  }, 60_000);
});
