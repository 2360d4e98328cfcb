import { describe, expect, it } from 'vitest';
import { bpToPercent, commissionLines, commissionOf, percentToBp, shareBetween } from '@/lib/commission';

describe('seller commission arithmetic', () => {
  it('rounds half up on the line’s base, never on nothing', () => {
    expect(commissionOf(10_000, 1000)).toBe(1000);
    expect(commissionOf(1005, 1000)).toBe(101); // 100.5 → 101
    expect(commissionOf(1004, 1000)).toBe(100); // 100.4 → 100
    expect(commissionOf(0, 1000)).toBe(0);
    expect(commissionOf(-50, 1000)).toBe(0);
    expect(commissionOf(999, 0)).toBe(0);
  });

  it('takes each line’s share of the voucher off before the rate, and the shares add up to the discount', () => {
    const lines = commissionLines([{ line_total: 3000 }, { line_total: 1000 }, { line_total: 333 }], 1000, 1250);
    expect(lines.reduce((s, l) => s + l.discount_share, 0)).toBe(1000);
    expect(lines.map((l) => l.discount_share)).toEqual([692, 231, 77]);
    for (const l of lines) expect(l.commission_minor).toBe(commissionOf(l.base, 1250));
    expect(lines[0]!.base).toBe(2308);
    expect(lines[0]!.commission_minor).toBe(289); // 288.5 → 289
  });

  it('reverses a share in steps that end exactly at the whole', () => {
    const steps = [shareBetween(1001, 3, 0, 1), shareBetween(1001, 3, 1, 2), shareBetween(1001, 3, 2, 3)];
    expect(steps.reduce((a, b) => a + b, 0)).toBe(1001);
    expect(steps).toEqual([334, 333, 334]);
    expect(shareBetween(1001, 3, 0, 3)).toBe(1001);
    expect(shareBetween(1001, 3, 3, 5)).toBe(0);
    expect(shareBetween(500, 0, 0, 1)).toBe(0);
  });

  it('reads rates as people type them', () => {
    expect(percentToBp('10')).toBe(1000);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('7,25 %')).toBe(725);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(bpToPercent(1250)).toBe('12.5');
  });
});
