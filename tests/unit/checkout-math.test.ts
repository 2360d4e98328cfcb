import { describe, expect, it } from 'vitest';
import { splitProportionally, storeShipping, storeShippingOf, taxOf, voucherDiscount } from '@/lib/checkout-math';

describe('voucherDiscount', () => {
  it('takes a flat amount, never more than the goods', () => {
    expect(voucherDiscount({ priceType: 1, amount: 500, maxDiscount: 0 }, 2000)).toBe(500);
    expect(voucherDiscount({ priceType: 1, amount: 500, maxDiscount: 0 }, 300)).toBe(300);
    expect(voucherDiscount({ priceType: 1, amount: 500, maxDiscount: 0 }, 0)).toBe(0);
    // The cap belongs to percent vouchers only.
    expect(voucherDiscount({ priceType: 1, amount: 500, maxDiscount: 100 }, 2000)).toBe(500);
  });

  it('rounds a percent down to the cent, then applies the cap', () => {
    expect(voucherDiscount({ priceType: 2, amount: 15, maxDiscount: 0 }, 999)).toBe(149); // 149.85
    expect(voucherDiscount({ priceType: 2, amount: 15, maxDiscount: 100 }, 999)).toBe(100);
    expect(voucherDiscount({ priceType: 2, amount: 100, maxDiscount: 0 }, 999)).toBe(999);
    expect(voucherDiscount({ priceType: 2, amount: 150, maxDiscount: 0 }, 999)).toBe(999);
  });
});

describe('splitProportionally', () => {
  it('splits exactly, the leftover cents to the largest remainders, ties to the earlier', () => {
    expect(splitProportionally(1001, [1000, 2000])).toEqual([334, 667]);
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(7, [0, 5])).toEqual([0, 7]);
    expect(splitProportionally(0, [3, 4])).toEqual([0, 0]);
    expect(splitProportionally(5, [0, 0])).toEqual([0, 0]);
    expect(splitProportionally(-5, [1, 1])).toEqual([0, 0]);
    // The largest remainder wins the cent wherever it stands; ties go to the earlier share.
    expect(splitProportionally(1001, [2000, 1000])).toEqual([667, 334]);
    expect(splitProportionally(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitProportionally(10, [1, 2, 4])).toEqual([1, 3, 6]);
  });

  it('always adds up to the total', () => {
    for (let total = 0; total < 500; total += 37) {
      const weights = [13, 7, 101, 1];
      expect(splitProportionally(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
});

describe('taxOf', () => {
  it('rounds half up to the cent', () => {
    expect(taxOf(1005, 1300)).toBe(131); // 130.65
    expect(taxOf(1005, 500)).toBe(50); // 50.25
    expect(taxOf(1000, 825)).toBe(83); // 82.5 → 83
    expect(taxOf(0, 825)).toBe(0);
    expect(taxOf(1000, 0)).toBe(0);
    expect(taxOf(-1000, 825)).toBe(0);
    expect(taxOf(1000, -825)).toBe(0);
  });
});

describe('storeShipping', () => {
  it('is free from the threshold on, never with no threshold', () => {
    expect(storeShipping(450, 3000, 3000)).toBe(0);
    expect(storeShipping(450, 2999, 3000)).toBe(450);
    expect(storeShipping(450, 1_000_000, 0)).toBe(450);
  });
});

describe('storeShippingOf', () => {
  const lines = [
    { fee: 300, free_shipping_min: 5000 },
    { fee: 450, free_shipping_min: 0 },
  ];
  it('frees a line whose rule or place minimum the store’s goods reach, the others still pay', () => {
    expect(storeShippingOf(lines, 4999, 0)).toBe(750);
    expect(storeShippingOf(lines, 5000, 0)).toBe(450);
  });
  it('the store’s own minimum frees all', () => {
    expect(storeShippingOf(lines, 6000, 6000)).toBe(0);
    expect(storeShippingOf(lines, 5999, 6000)).toBe(450);
  });
  it('no lines, no shipping', () => expect(storeShippingOf([], 100, 0)).toBe(0));
});
