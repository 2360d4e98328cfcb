import { describe, expect, it } from 'vitest';
import { specRows, valuesDiffer } from '@/server/lists/compare-table';

describe('compare table', () => {
  it('lists every specification once, in first-appearance order, with missing values as null', () => {
    const rows = specRows([
      {
        specs: [
          { name: 'Capacity', value: '10000 mAh' },
          { name: 'Ports', value: '2' },
        ],
      },
      {
        specs: [
          { name: 'ports', value: '2' },
          { name: 'Weight', value: '200 g' },
          { name: 'Capacity', value: '20000 mAh' },
        ],
      },
    ]);
    expect(rows).toEqual([
      { name: 'Capacity', values: ['10000 mAh', '20000 mAh'], differs: true },
      { name: 'Ports', values: ['2', '2'], differs: false },
      { name: 'Weight', values: [null, '200 g'], differs: true },
    ]);
  });

  it('ignores case and spacing when telling values apart; one product never differs', () => {
    expect(valuesDiffer(['USB-C', ' usb-c '])).toBe(false);
    expect(valuesDiffer(['USB-C', 'Lightning'])).toBe(true);
    expect(valuesDiffer([4.5, 4.5, null])).toBe(true);
    expect(valuesDiffer(['only'])).toBe(false);
    expect(specRows([{ specs: [{ name: 'A', value: '1' }] }])).toEqual([{ name: 'A', values: ['1'], differs: false }]);
    expect(specRows([])).toEqual([]);
  });
});
