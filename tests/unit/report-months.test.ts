import { describe, expect, it } from 'vitest';
import { wholeMonthsOf } from '@/server/reports/figures';
import { dayStartIn } from '@/server/reports/period';

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

describe('the start of a shop-time-zone day', () => {
  it('is the UTC instant of that local midnight', () => {
    expect(dayStartIn('UTC', '2026-02-10')).toBe('2026-02-10T00:00:00.000Z');
    expect(dayStartIn('America/New_York', '2026-02-10')).toBe('2026-02-10T05:00:00.000Z');
    expect(dayStartIn('America/New_York', '2026-07-10')).toBe('2026-07-10T04:00:00.000Z');
    expect(dayStartIn('Asia/Tokyo', '2026-02-10')).toBe('2026-02-09T15:00:00.000Z');
    expect(dayStartIn('Asia/Kolkata', '2026-02-10')).toBe('2026-02-09T18:30:00.000Z');
  });

  it('holds on daylight-saving days and for an unknown zone', () => {
    // New York moved its clocks at 02:00 on 2026-03-08 and back at 02:00 on 2026-11-01: midnight is still -5/-4.
    expect(dayStartIn('America/New_York', '2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn('America/New_York', '2026-03-09')).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStartIn('America/New_York', '2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
    // Santiago's clocks jump at midnight (00:00 → 01:00 on 2026-09-06): the day starts at 01:00 local.
    expect(dayStartIn('America/Santiago', '2026-09-06')).toBe('2026-09-06T04:00:00.000Z');
    expect(dayStartIn('Not/AZone', '2026-02-10')).toBe('2026-02-10T00:00:00.000Z');
  });
});
