/**
 * WCAG 2.x contrast between two colours (`#rrggbb` or `#rgb`): the ratio of their relative luminances, from 1
 * (the same) to 21 (black on white). Text on a button needs at least 4.5 (level AA for normal text).
 */
export const AA_NORMAL_TEXT = 4.5;

/** `#0b7a5c` → [11, 122, 92]; null for anything that is not a hex colour. */
export function parseHexColor(value: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance of an sRGB colour (WCAG 2.x definition). */
export function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two hex colours, rounded down to two decimals (never overstating it); null when either is not a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseHexColor(a);
  const cb = parseHexColor(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return Math.floor(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}
