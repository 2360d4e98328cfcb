import { describe, expect, it } from 'vitest';
import { checkQuantity, maxQuantity, QUANTITY_MESSAGES } from '@/lib/cart-rules';

const base = { quantity: 1, stock: 10, maxPerOrder: 5 };

describe('checkQuantity', () => {
  it('accepts a quantity within stock and the per-order limit', () => {
    expect(checkQuantity(base)).toEqual({ ok: true });
    expect(checkQuantity({ ...base, quantity: 5 })).toEqual({ ok: true });
    expect(checkQuantity({ ...base, hasAttributes: true, allAttributesChosen: true })).toEqual({ ok: true });
    expect(checkQuantity({ ...base, maxPerOrder: 0, quantity: 10 })).toEqual({ ok: true });
  });

  it('asks for every attribute first', () => {
    expect(checkQuantity({ ...base, stock: 0, quantity: 0, hasAttributes: true, allAttributesChosen: false })).toEqual({
      ok: false,
      problem: 'attributesRequired',
      message: 'Please select all required attributes.',
    });
  });

  it('says out of stock when nothing is left', () => {
    expect(checkQuantity({ ...base, stock: 0 })).toMatchObject({ problem: 'outOfStock', message: 'This product is out of stock.' });
    expect(checkQuantity({ ...base, stock: -2, quantity: 0 })).toMatchObject({ problem: 'outOfStock' });
  });

  it('needs at least one whole item', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(checkQuantity({ ...base, quantity }), String(quantity)).toMatchObject({
        problem: 'minimum',
        message: 'Must have minimum 1 item.',
      });
    }
  });

  it('refuses more than the inventory, counting what is already in the cart', () => {
    expect(checkQuantity({ ...base, stock: 3, quantity: 4 })).toMatchObject({
      problem: 'exceedsInventory',
      message: 'Product quantity exceeds inventory.',
    });
    expect(checkQuantity({ ...base, stock: 3, quantity: 2, inCart: 2 })).toMatchObject({ problem: 'exceedsInventory' });
    expect(checkQuantity({ ...base, stock: 3, quantity: 3, inCart: -5 })).toEqual({ ok: true });
  });

  it('refuses more than the per-order maximum', () => {
    expect(checkQuantity({ ...base, quantity: 6 })).toMatchObject({ problem: 'maximum', message: 'Maximum quantity exceeds.' });
    expect(checkQuantity({ ...base, quantity: 3, inCart: 3 })).toMatchObject({ problem: 'maximum' });
  });

  it('uses exactly the spec texts', () => {
    expect(Object.values(QUANTITY_MESSAGES).sort()).toEqual([
      'Maximum quantity exceeds.',
      'Must have minimum 1 item.',
      'Please select all required attributes.',
      'Product quantity exceeds inventory.',
      'This product is out of stock.',
    ]);
  });
});

describe('maxQuantity', () => {
  it('is min(stock, max per order), at least 1', () => {
    expect(maxQuantity(40, 10)).toBe(10);
    expect(maxQuantity(3, 10)).toBe(3);
    expect(maxQuantity(0, 10)).toBe(1);
    expect(maxQuantity(7, 0)).toBe(7);
  });
});
