import { describe, expect, it } from 'vitest';
import { cardPriceOf } from '@/lib/price';
import { menuPrice } from '@/islands/shell/mega-menu';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const fmt = { currency_icon: '$', decimal_format: 'en-US', currency_position: 1 as const };

describe('cardPriceOf: the one figure tiles, menus, listings and the API show', () => {
  it('is the price rule for a product without variants', () => {
    expect(cardPriceOf({ selling: 1499, offered: 1099 }, NOW)).toMatchObject({
      current: 1099,
      previous: 1499,
      discountPercent: 26,
      from: false,
    });
  });

  it('is the cheapest variant, "from", when variants differ in price', () => {
    // A variant priced 0 sells at the product's own price (the offer here); the others override it.
    const p = cardPriceOf({ selling: 2999, offered: 2599, variantPrices: [0, 2199, 3199] }, NOW);
    expect(p).toMatchObject({ current: 2199, previous: null, from: true, source: 'variant' });
    const own = cardPriceOf({ selling: 2999, offered: 2599, variantPrices: [0, 3199] }, NOW);
    expect(own).toMatchObject({ current: 2599, previous: 2999, from: true, source: 'offer' });
  });

  it('is not "from" when every variant costs the same', () => {
    expect(cardPriceOf({ selling: 1200, variantPrices: [0, 0] }, NOW)).toMatchObject({ current: 1200, from: false });
    expect(cardPriceOf({ selling: 1200, variantPrices: [1500, 1500] }, NOW)).toMatchObject({ current: 1500, from: false });
  });

  it('follows a running flash price for variants at the product price', () => {
    const p = cardPriceOf({ selling: 2000, flashPrice: 1500, endTime: NOW + 1000, variantPrices: [0, 2500] }, NOW);
    expect(p).toMatchObject({ current: 1500, previous: 2000, from: true, source: 'flash' });
  });
});

describe('the mega menu price', () => {
  it('is the offer, not the selling price (it showed $14.99 for a $10.99 cable)', () => {
    const cable = {
      id: 1,
      slug: 'ferro-ember',
      title: 'Ferro Ember 3-in-1 Cable',
      image: null,
      selling: 1499,
      offered: 1099,
      price: null,
      end_time: null,
    };
    expect(menuPrice(cable, fmt, 'from {price}', NOW)).toBe('$10.99');
  });
  it('says "from" when the variants differ', () => {
    const p = {
      id: 2,
      slug: 'v',
      title: 'V',
      image: null,
      selling: 2999,
      offered: 0,
      price: null,
      end_time: null,
      variant_prices: [2199, 2999],
    };
    expect(menuPrice(p, fmt, 'from {price}', NOW)).toBe('from $21.99');
  });
});
