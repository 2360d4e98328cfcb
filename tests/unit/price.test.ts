import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice, priceOf } from '@/lib/price';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const future = '2026-11-23T12:00:00Z';
const past = '2026-11-21T12:00:00Z';

describe('priceOf (spec section 4)', () => {
  it('uses the selling price when there is no offer or flash price', () => {
    expect(priceOf({ selling: 2599, offered: 0 }, NOW)).toEqual({ current: 2599, previous: null, discountPercent: 0, source: 'selling' });
  });
  it('uses the offered price above 0 and strikes through the selling price', () => {
    expect(priceOf({ selling: 2000, offered: 1500 }, NOW)).toEqual({ current: 1500, previous: 2000, discountPercent: 25, source: 'offer' });
  });
  it('prefers a flash price with an end time still ahead', () => {
    expect(priceOf({ selling: 2000, offered: 1500, flashPrice: 999, endTime: future }, NOW).current).toBe(999);
  });
  it('ignores a flash price without an end time or past its end', () => {
    expect(priceOf({ selling: 2000, offered: 1500, flashPrice: 999, endTime: null }, NOW).source).toBe('offer');
    expect(priceOf({ selling: 2000, offered: 1500, flashPrice: 999, endTime: past }, NOW).source).toBe('offer');
  });
  it('lets a variant price above 0 with attributes override the product price', () => {
    expect(priceOf({ selling: 2000, offered: 1500, variantPrice: 2400, variantHasAttributes: true }, NOW).current).toBe(2400);
    expect(priceOf({ selling: 2000, offered: 1500, variantPrice: 2400, variantHasAttributes: false }, NOW).current).toBe(1500);
    expect(priceOf({ selling: 2000, offered: 1500, variantPrice: 0, variantHasAttributes: true }, NOW).current).toBe(1500);
  });
  it('truncates the discount percent', () => {
    expect(discountPercent(667, 1000)).toBe(33);
    expect(discountPercent(1, 3)).toBe(66);
    expect(discountPercent(999, 1000)).toBe(0);
    expect(discountPercent(100, 0)).toBe(0);
  });
});

describe('formatPrice', () => {
  const usd = { currency_icon: '$', decimal_format: 'en-US', currency_position: 1 as const };
  it('formats cents with at most 2 decimals, symbol before', () => {
    expect(formatPrice(129950, usd)).toBe('$1,299.50');
    expect(formatPrice(2000, usd)).toBe('$20');
  });
  it('puts the symbol after when position is 2 and uses the locale', () => {
    expect(formatPrice(129950, { currency_icon: '€', decimal_format: 'de-DE', currency_position: 2 })).toBe('1.299,50€');
  });
});
