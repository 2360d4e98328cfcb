import { describe, expect, it } from 'vitest';
import { wholeMonthsOf } from '@/server/reports/figures';

describe('the whole months of a report period', () => {
  it('takes the months that lie wholly inside the period', () => {
    expect(wholeMonthsOf({ from: '2026-01-15', to: '2026-04-10' })).toEqual({ first: '2026-02-01', last: '2026-03-01', end: '2026-03-31' });
    expect(wholeMonthsOf({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ first: '2026-01-01', last: '2026-01-01', end: '2026-01-31' });
    expect(wholeMonthsOf({ from: '2025-11-27', to: '2026-11-26' })).toEqual({ first: '2025-12-01', last: '2026-10-01', end: '2026-10-31' });
  });

  it('knows February and leap years', () => {
    expect(wholeMonthsOf({ from: '2028-02-01', to: '2028-02-29' })).toEqual({ first: '2028-02-01', last: '2028-02-01', end: '2028-02-29' });
    expect(wholeMonthsOf({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ first: '2026-02-01', last: '2026-02-01', end: '2026-02-28' });
    expect(wholeMonthsOf({ from: '2028-02-01', to: '2028-02-28' })).toBeNull();
  });

  it('finds none in a period shorter than a month or across one month end', () => {
    expect(wholeMonthsOf({ from: '2026-03-02', to: '2026-03-31' })).toBeNull();
    expect(wholeMonthsOf({ from: '2026-03-15', to: '2026-04-14' })).toBeNull();
    expect(wholeMonthsOf({ from: '2026-12-01', to: '2026-12-30' })).toBeNull();
    expect(wholeMonthsOf({ from: '2026-12-01', to: '2027-01-01' })).toEqual({ first: '2026-12-01', last: '2026-12-01', end: '2026-12-31' });
  });
});
