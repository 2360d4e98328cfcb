import { describe, expect, it } from 'vitest';
import {
  filtersToQuery,
  formatMoneyInput,
  parseMoney,
  queryToObject,
  scopeQuery,
  sourceQueryOnly,
  withoutScope,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
} from '@/lib/listing-filters';
import { ListingQuerySchema, readListingQueryLeniently } from '@/lib/schemas/listing';
import { pageHref, pageWindow } from '@/lib/listing-pages';
import { splitDuration } from '@/lib/countdown';

const strict = (q: Record<string, string>) => ListingQuerySchema.safeParse(q);
const lenient = (q: string) => readListingQueryLeniently(new URLSearchParams(q));

describe('parseMoney', () => {
  it('turns what a person types into exact cents', () => {
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('12.')).toBe(1200);
    expect(parseMoney('7')).toBe(700);
    expect(parseMoney(' $7 ')).toBe(700);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('1,299.99')).toBe(129999);
    // 0.29 * 100 is 28.999999999999996 in floating point; the parser never multiplies a float.
    expect(parseMoney('1.13')).toBe(113);
    expect(parseMoney('4.35')).toBe(435);
  });

  it('refuses negatives, three decimals, words and empty text', () => {
    for (const bad of ['-1', '12.345', 'abc', '', '1e3', '12,5', '1,29.00', '.5', 'NaN', 'Infinity'])
      expect(parseMoney(bad), bad).toBeNull();
  });

  it('round-trips through the price box', () => {
    for (const cents of [0, 5, 99, 100, 1250, 129999]) expect(parseMoney(formatMoneyInput(cents))).toBe(cents);
    expect(formatMoneyInput(1250)).toBe('12.50');
    expect(formatMoneyInput(700)).toBe('7');
  });
});

describe('ListingQuerySchema (strict, for the API)', () => {
  it('fills defaults', () => {
    const r = strict({});
    expect(r.success && r.data).toMatchObject({ sort: 'newest', page: 1, perPage: DEFAULT_PER_PAGE });
  });

  it('reads every key', () => {
    const r = strict({
      min: '1000',
      max: '2050',
      rating: '4',
      sort: 'price_desc',
      page: '3',
      per_page: '6',
      category: 'cables',
      sub_category: 'usb-c-cables',
      category_ids: '1,2,2',
      sub_category_ids: '3',
      tags: 'GaN,fast-charging',
      brand_ids: '4',
      product_ids: '5,6',
      brand: '7',
      collection: '8',
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      min: 1000,
      max: 2050,
      rating: 4,
      sort: 'price_desc',
      page: 3,
      perPage: 6,
      category: 'cables',
      subCategory: 'usb-c-cables',
      categoryIds: [1, 2],
      subCategoryIds: [3],
      tags: ['gan', 'fast-charging'],
      brandIds: [4],
      productIds: [5, 6],
      brand: 7,
      collection: 8,
    });
  });

  it('caps the page size instead of refusing it', () => {
    expect(strict({ per_page: '5000' }).data?.perPage).toBe(MAX_PER_PAGE);
  });

  it('explains each bad value', () => {
    const message = (q: Record<string, string>) => {
      const r = strict(q);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(message({ min: '-5' })).toMatch(/minimum price must be a whole number of cents/);
    expect(message({ min: '12.50' })).toMatch(/minimum price must be a whole number of cents/);
    expect(message({ rating: '0' })).toMatch(/from 1 to 5/);
    expect(message({ rating: '4.5' })).toMatch(/from 1 to 5/);
    expect(message({ sort: 'cheapest' })).toMatch(/newest, price_asc, price_desc, rating, popularity/);
    expect(message({ page: '-1' })).toMatch(/Page must be/);
    expect(message({ page: '99999999' })).toMatch(/Page must be/);
    expect(message({ per_page: '0' })).toMatch(/per page/);
    expect(message({ brand_ids: '' + Array.from({ length: 101 }, (_, i) => i + 1).join(',') })).toMatch(/up to 100/);
    expect(message({ product_ids: '0' })).toMatch(/product_ids/);
    expect(message({ min: '900', max: '300' })).toMatch(/not be above the maximum/);
    expect(message({ tags: '<script>' })).toMatch(/tags/);
  });

  it('ignores keys it does not know (tracking params)', () => {
    expect(strict({ utm_source: 'mail', fbclid: 'x' }).success).toBe(true);
  });
});

describe('readListingQueryLeniently (pages)', () => {
  it('drops only the bad filter and names it', () => {
    const { filters, ignored } = lenient('min=abc&max=20&rating=9&sort=price_asc&page=x');
    expect(filters).toMatchObject({ max: 2000, sort: 'price_asc', page: 1 });
    expect(filters.min).toBeUndefined();
    expect(filters.rating).toBeUndefined();
    expect(ignored.sort()).toEqual(['min', 'page', 'rating']);
  });

  it('drops the maximum when it is below the minimum', () => {
    const { filters, ignored } = lenient('min=30&max=10');
    expect(filters).toMatchObject({ min: 3000, max: undefined });
    expect(ignored).toEqual(['max']);
  });

  it('reads prices in major units (human URLs) and drops amounts beyond what the shop can store', () => {
    expect(lenient('min=15&max=20.5').filters).toMatchObject({ min: 1500, max: 2050 });
    const huge = lenient('min=1,000,000,000&tags=9007199254740992');
    expect(huge.filters.min).toBeUndefined();
    expect(huge.filters.tags).toBeUndefined();
    expect(huge.ignored.sort()).toEqual(['min', 'tags']);
  });

  it('treats empty form fields as absent and joins repeated checkboxes', () => {
    expect(lenient('min=&max=&rating=').ignored).toEqual([]);
    expect(lenient('category_ids=1&category_ids=2').filters.categoryIds).toEqual([1, 2]);
    expect(queryToObject(new URLSearchParams('a=1&a=&a=2&b= '))).toEqual({ a: '1,2' });
  });
});

describe('query helpers', () => {
  const base = lenient('').filters;
  it('writes only non-default filters back', () => {
    expect(filtersToQuery({ ...base, min: 1250, rating: 4, page: 2 }).toString()).toBe('min=12.50&rating=4&page=2');
    expect(filtersToQuery(base).toString()).toBe('');
  });

  it('keeps the keys that define a listing and drops the others when asked', () => {
    const f = { ...base, categoryIds: [1, 2], tags: ['gan'], brand: 3, category: 'cables' };
    expect(scopeQuery(f)).toEqual({ category_ids: '1,2', tags: 'gan', brand: '3' });
    expect(scopeQuery(withoutScope(f))).toEqual({});
    expect(scopeQuery(sourceQueryOnly(f))).toEqual({ category_ids: '1,2', tags: 'gan' });
  });

  it('builds page links that keep the other keys', () => {
    expect(pageHref('/all/cables', new URLSearchParams('sort=price_asc&page=3'), 4)).toBe('/all/cables?sort=price_asc&page=4');
    expect(pageHref('/all/cables', new URLSearchParams('page=3'), 1)).toBe('/all/cables');
    expect(pageHref('/all/cables', new URLSearchParams('min=&max=&rating=&sort=rating'), 2)).toBe('/all/cables?sort=rating&page=2');
  });

  it('shows a window of page numbers with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
  });

  it('splits a countdown and never goes below zero', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({ d: 2, h: 3, m: 4, s: 5 });
    expect(splitDuration(-5000)).toEqual({ d: 0, h: 0, m: 0, s: 0 });
  });
});
