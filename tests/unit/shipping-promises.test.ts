import { describe, expect, it } from 'vitest';
import { DEMO_SETTINGS } from '@/server/demo/data/settings';

// Free shipping is a per-store rule (stores.free_shipping_min on that store's goods, checkout-math
// storeShipping): no text the shell shows on every page may promise it shop-wide. An order of $101.98
// paid $6.99 shipping under a top bar that said "Free shipping on orders over $50".
describe('the demo shell promises only what checkout charges', () => {
  const s = DEMO_SETTINGS;
  const texts = [
    ...s.header_links.left,
    ...s.header_links.right,
    ...s.services,
    ...s.about,
    { title: s.top_banner.title },
    { title: s.popup_banner.title },
  ].map((l) => l.title);

  it.each(texts)('"%s" promises no shop-wide free shipping', (text) => {
    expect(text).not.toMatch(/free (shipping|delivery)/i);
  });
});
