import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice, priceOf } from '@/lib/price';

/** The price rule's edges with literal numbers, each aimed at a slip the spec's wording allows. */
const NOW = Date.parse('2026-11-22T12:00:00Z');
const usd = { currency_icon: '$', decimal_format: 'en-US', currency_position: 1 as const };

describe('priceOf: which price is struck through', () => {
  it('strikes through the selling price during a flash sale, even when there is an offer too', () => {
    expect(priceOf({ selling: 7699, offered: 6599, flashPrice: 4899, endTime: '2026-11-23T00:00:00Z' }, NOW)).toEqual({
      current: 4899,
      previous: 7699,
      discountPercent: 36,
      source: 'flash',
    });
  });

  it('strikes nothing for a variant price: it replaces the product price outright', () => {
    expect(
      priceOf({ selling: 7699, offered: 6599, flashPrice: 4899, endTime: NOW + 1000, variantPrice: 8099, variantHasAttributes: true }, NOW),
    ).toEqual({
      current: 8099,
      previous: null,
      discountPercent: 0,
      source: 'variant',
    });
  });

  it('takes the end time as a string, a Date or epoch ms, and a flash sale ending now is over', () => {
    const flash = { selling: 2000, offered: 0, flashPrice: 1500 };
    expect(priceOf({ ...flash, endTime: new Date(NOW + 1) }, NOW).source).toBe('flash');
    expect(priceOf({ ...flash, endTime: NOW + 1 }, NOW).source).toBe('flash');
    expect(priceOf({ ...flash, endTime: NOW }, NOW)).toEqual({ current: 2000, previous: null, discountPercent: 0, source: 'selling' });
    expect(priceOf({ ...flash, endTime: new Date(NOW) }, NOW).source).toBe('selling');
  });

  it('ignores a flash price of 0 or less, and an offer of 0 or less', () => {
    expect(priceOf({ selling: 2000, offered: 1500, flashPrice: 0, endTime: NOW + 1000 }, NOW).source).toBe('offer');
    expect(priceOf({ selling: 2000, offered: -5, flashPrice: -1, endTime: NOW + 1000 }, NOW).source).toBe('selling');
    expect(priceOf({ selling: 2000, offered: null, flashPrice: null, endTime: null }, NOW).source).toBe('selling');
    expect(priceOf({ selling: 2000 }, NOW)).toEqual({ current: 2000, previous: null, discountPercent: 0, source: 'selling' });
  });

  it('uses the current time by default', () => {
    expect(priceOf({ selling: 2000, flashPrice: 1000, endTime: Date.now() + 60_000 }).source).toBe('flash');
    expect(priceOf({ selling: 2000, flashPrice: 1000, endTime: Date.now() - 60_000 }).source).toBe('selling');
  });
});

describe('discountPercent', () => {
  it('is never negative: an "offer" above the selling price is 0 % off', () => {
    expect(discountPercent(2500, 2000)).toBe(0);
    expect(discountPercent(0, 2000)).toBe(100);
    expect(discountPercent(1999, 2000)).toBe(0);
    expect(discountPercent(1980, 2000)).toBe(1);
    expect(discountPercent(5, -10)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe('formatPrice', () => {
  it('shows decimals only when there are cents, on every call with the same format', () => {
    expect(formatPrice(2000, usd)).toBe('$20');
    expect(formatPrice(2050, usd)).toBe('$20.50');
    expect(formatPrice(2000, usd)).toBe('$20');
    expect(formatPrice(2001, usd)).toBe('$20.01');
    expect(formatPrice(0, usd)).toBe('$0');
  });

  it('falls back to en-US for a locale Intl does not know, and puts the symbol where settings say', () => {
    expect(formatPrice(123456, { ...usd, decimal_format: 'not a locale!' })).toBe('$1,234.56');
    expect(formatPrice(123400, { currency_icon: ' kr', decimal_format: 'sv-SE', currency_position: 2 })).toBe('1\u00a0234 kr');
    expect(formatPrice(123450, { currency_icon: '€', decimal_format: 'de-DE', currency_position: 1 })).toBe('€1.234,50');
  });
});
