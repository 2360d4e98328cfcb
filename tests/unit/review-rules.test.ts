import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { imagesFit, productRating, reviewRefusal, splitImages } from '@/server/reviews/rules';
import { parseWith } from '@/server/core/validation';
import { RATING_MESSAGE, ReviewActionSchema } from '@/lib/schemas/reviews';

describe('who may review a line', () => {
  const order = { userId: 7, status: 'delivered', hasLine: true };
  it('the owner of a delivered order holding the product', () => {
    expect(reviewRefusal(order, 7)).toBeNull();
  });
  it('nobody else, and nothing before delivery or for a product the order lacks', () => {
    expect(reviewRefusal(null, 7)).toBe('notFound');
    expect(reviewRefusal(order, 8)).toBe('notFound');
    expect(reviewRefusal({ ...order, userId: null }, 7)).toBe('notFound');
    // Someone else's undelivered order says "not found" too: nothing about it leaks.
    expect(reviewRefusal({ ...order, status: 'shipped', hasLine: false }, 8)).toBe('notFound');
    expect(reviewRefusal({ ...order, hasLine: false }, 7)).toBe('notInOrder');
    expect(reviewRefusal({ ...order, hasLine: false, status: 'pending' }, 7)).toBe('notInOrder');
    for (const status of ['pending', 'confirmed', 'picked_up', 'on_the_way', 'shipped', 'cancelled', 'refunded', 'Delivered'])
      expect(reviewRefusal({ ...order, status }, 7)).toBe('notDelivered');
  });
});

describe('photos of an edit', () => {
  const existing = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('drops only the review’s own photos that were named', () => {
    expect(splitImages(existing, [2, 99])).toEqual({ kept: [{ id: 1 }, { id: 3 }], dropped: [{ id: 2 }] });
    expect(splitImages(existing, [])).toEqual({ kept: existing, dropped: [] });
  });
  it('at most 5 in all', () => {
    expect(imagesFit(0, 5)).toBe(true);
    expect(imagesFit(0, 6)).toBe(false);
    expect(imagesFit(3, 2)).toBe(true);
    expect(imagesFit(4, 2)).toBe(false);
    expect(imagesFit(5, 0)).toBe(true);
  });
});

describe('the product rating', () => {
  it('is the mean of the ratings to 2 decimals, half up, and the count', () => {
    expect(productRating([])).toEqual({ rating: '0.00', count: 0 });
    expect(productRating([{ rating: 4, n: 1 }])).toEqual({ rating: '4.00', count: 1 });
    expect(
      productRating([
        { rating: 5, n: 2 },
        { rating: 4, n: 1 },
      ]),
    ).toEqual({ rating: '4.67', count: 3 });
    expect(
      productRating([
        { rating: 1, n: 2 },
        { rating: 2, n: 1 },
      ]),
    ).toEqual({ rating: '1.33', count: 3 });
    // 4.125 → 4.13 (half up), 4.005 never appears with whole stars but 1/8 steps do.
    expect(
      productRating([
        { rating: 5, n: 1 },
        { rating: 4, n: 7 },
      ]),
    ).toEqual({ rating: '4.13', count: 8 });
    expect(
      productRating([
        { rating: 3, n: 1 },
        { rating: 5, n: 1 },
      ]),
    ).toEqual({ rating: '4.00', count: 2 });
    expect(
      productRating([
        { rating: 1, n: 3 },
        { rating: 2, n: 0 },
      ]),
    ).toEqual({ rating: '1.00', count: 3 });
  });
  it('agrees with exact arithmetic for any mix of stars', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 400 }), (ratings) => {
        const perStar = [1, 2, 3, 4, 5].map((rating) => ({ rating, n: ratings.filter((r) => r === rating).length }));
        const sum = ratings.reduce((a, b) => a + b, 0);
        // Half up in hundredths with BigInt: exact.
        const exact = (BigInt(sum) * 200n + BigInt(ratings.length)) / (2n * BigInt(ratings.length));
        const { rating, count } = productRating(perStar);
        expect(count).toBe(ratings.length);
        expect(rating).toBe(`${exact / 100n}.${String(exact % 100n).padStart(2, '0')}`);
        expect(Number(rating)).toBeGreaterThanOrEqual(1);
        expect(Number(rating)).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe('ReviewActionSchema', () => {
  const base = { order_id: '3', product_id: '9', rating: '4' };
  it('reads the multipart fields, images[] and images alike', () => {
    const f = new File(['x'], 'a.png');
    expect(parseWith(ReviewActionSchema, { ...base, 'images[]': f, review: ' Nice ' })).toMatchObject({
      order_id: 3,
      product_id: 9,
      rating: 4,
      review: 'Nice',
      images: [f],
      remove_images: [],
    });
    expect(parseWith(ReviewActionSchema, { ...base, images: [f, f], 'remove_images[]': ['2', '5'] })).toMatchObject({
      images: [f, f],
      remove_images: [2, 5],
      review: '',
    });
  });
  it('refuses ratings outside whole 1–5 stars with one message', () => {
    for (const rating of ['0', '6', '3.5', 'x', '-1', undefined])
      expect(() => parseWith(ReviewActionSchema, { ...base, rating })).toThrow(RATING_MESSAGE);
    for (const rating of ['1', '5', 3]) expect(parseWith(ReviewActionSchema, { ...base, rating }).rating).toBe(Number(rating));
  });
  it('limits the text and refuses control characters', () => {
    expect(() => parseWith(ReviewActionSchema, { ...base, review: 'a'.repeat(2001) })).toThrow('Review must be at most 2000 characters');
    expect(() => parseWith(ReviewActionSchema, { ...base, review: 'a\u0000b' })).toThrow('Review contains characters');
    expect(parseWith(ReviewActionSchema, { ...base, review: 'line one\nline two' }).review).toBe('line one\nline two');
  });
});
