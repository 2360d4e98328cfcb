import { describe, expect, it } from 'vitest';
import { timeUntil } from '@/lib/countdown';

const DAY = 86_400_000;
describe('timeUntil: when a sale ends, in words', () => {
  it('says days when a day or more is left, never "soon"', () => {
    expect(timeUntil(29 * DAY + 5 * 3_600_000, 'en')).toBe('in 29 days');
    expect(timeUntil(DAY, 'en')).toBe('in 1 day');
  });
  it('says hours, then minutes, as the end nears', () => {
    expect(timeUntil(5 * 3_600_000 + 60_000, 'en')).toBe('in 5 hours');
    expect(timeUntil(12 * 60_000 + 5_000, 'en')).toBe('in 12 minutes');
    expect(timeUntil(10_000, 'en')).toBe('in 1 minute');
  });
  it('speaks the shop language and survives an unknown one', () => {
    expect(timeUntil(3 * DAY, 'de')).toBe('in 3 Tagen');
    expect(timeUntil(3 * DAY, 'not a locale!')).toBe('in 3 days');
  });
});
