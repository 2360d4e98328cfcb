import { describe, expect, it } from 'vitest';
import { cartCountOf, CHECKED, freeUnits, lineAmounts, sumTotals, totalsOf, UNCHECKED } from '@/lib/cart-math';
import { CartActionSchema, CartChangeSchema } from '@/lib/schemas/cart';

describe('bundle deals', () => {
  it('gives M free units for every full group of N + M', () => {
    const deal = { buy: 2, free: 1 };
    expect([0, 1, 2, 3, 5, 6, 7, 9].map((q) => freeUnits(q, deal))).toEqual([0, 0, 0, 1, 1, 2, 2, 3]);
    expect(freeUnits(10, { buy: 3, free: 2 })).toBe(4);
    expect(freeUnits(10, null)).toBe(0);
    expect(freeUnits(10, { buy: 0, free: 1 })).toBe(0);
    expect(freeUnits(10, { buy: 1, free: 0 })).toBe(0);
  });
});

describe('line amounts and totals', () => {
  it('multiplies and subtracts in integer minor units', () => {
    expect(lineAmounts({ quantity: 3, unitPrice: 1999, selected: CHECKED })).toEqual({ gross: 5997, discount: 0, total: 5997 });
    expect(lineAmounts({ quantity: 3, unitPrice: 1999, selected: CHECKED, deal: { buy: 2, free: 1 } })).toEqual({
      gross: 5997,
      discount: 1999,
      total: 3998,
    });
  });

  it('counts only checked lines toward the totals, shipping included', () => {
    const t = totalsOf([
      { quantity: 2, unitPrice: 10, selected: CHECKED, shipping: 5 },
      { quantity: 1, unitPrice: 1000, selected: UNCHECKED, shipping: 500 },
      { quantity: 3, unitPrice: 1, selected: CHECKED, deal: { buy: 2, free: 1 } },
    ]);
    expect(t).toEqual({ quantity: 5, subtotal: 23, discount: 1, shipping: 5, total: 27 });
    expect(sumTotals([t, t])).toEqual({ quantity: 10, subtotal: 46, discount: 2, shipping: 10, total: 54 });
    expect(sumTotals([])).toEqual({ quantity: 0, subtotal: 0, discount: 0, shipping: 0, total: 0 });
  });

  it('adds 0.1 + 0.2 dollars exactly (cents, never floats)', () => {
    expect(
      totalsOf([
        { quantity: 1, unitPrice: 10, selected: CHECKED },
        { quantity: 1, unitPrice: 20, selected: CHECKED },
      ]).total,
    ).toBe(30);
  });

  it('counts every line for the badge, checked or not', () => {
    expect(cartCountOf([{ quantity: 2 }, { quantity: 5 }])).toBe(7);
    expect(cartCountOf([])).toBe(0);
  });
});

describe('cart request schemas', () => {
  it('reads form fields and drops any price', () => {
    const parsed = CartActionSchema.parse({ product_id: '12', quantity: '3', inventory_id: '', price: '1' });
    expect([parsed.product_id, parsed.quantity, parsed.inventory_id, parsed.bundle_deal_id]).toEqual([12, 3, undefined, undefined]);
    expect(parsed).not.toHaveProperty('price');
    expect(CartActionSchema.parse({ product_id: 1, 'attr[3]': '12', 'attr[4]': '15' }).choice).toEqual({ 3: 12, 4: 15 });
    expect(CartActionSchema.parse({ product_id: 12 }).quantity).toBe(1);
    expect(Number.isNaN(CartActionSchema.parse({ product_id: 12, quantity: 'x' }).quantity)).toBe(true);
    expect(CartActionSchema.safeParse({ product_id: -1 }).success).toBe(false);
    expect(CartActionSchema.parse({ product_id: 1, set: '1' }).set).toBe(true);
  });

  it('reads line ids from arrays, repeated or comma-separated fields', () => {
    expect(CartChangeSchema.parse({ checked: [1, '2'], unchecked: '3,4' })).toEqual({
      checked: [1, 2],
      unchecked: [3, 4],
      isBundle: undefined,
    });
    expect(CartChangeSchema.parse({}).checked).toEqual([]);
    // A plain form lists its lines; the boxes left unticked are the unchecked ones.
    expect(CartChangeSchema.parse({ lines: ['1', '2', '3'], checked: '2' })).toMatchObject({ checked: [2], unchecked: [1, 3] });
    expect(CartChangeSchema.parse({ isBundle: 'true' }).isBundle).toBe(true);
    expect(CartChangeSchema.safeParse({ checked: ['x'] }).success).toBe(false);
  });
});
