import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor } from '@/lib/contrast';

describe('WCAG contrast', () => {
  it('reads hex colours, short and long', () => {
    expect(parseHexColor('#0b7a5c')).toEqual([11, 122, 92]);
    expect(parseHexColor('#fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('red')).toBeNull();
    expect(parseHexColor('#12345')).toBeNull();
  });
  it('gives the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The shop's default green passes AA with white text; a light yellow does not.
    expect(contrastRatio('#0b7a5c', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#f5d547', '#ffffff')).toBeLessThan(4.5);
    // #767676 is the lightest grey that passes on white (4.54).
    expect(contrastRatio('#767676', '#fff')).toBe(4.54);
    expect(contrastRatio('#777777', '#fff')).toBeLessThan(4.5);
  });
});
