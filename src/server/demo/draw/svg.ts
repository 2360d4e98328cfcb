/** Small helpers shared by the demo picture drawings: the SVG wrapper, text, colours and a stable hash. */

export const FONT = 'system-ui, sans-serif';

/** Escapes text for use inside an SVG element or attribute. */
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A whole SVG document: viewBox, size, an accessible title and the drawing. */
export function svgDoc(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${esc(title)}</title>${body}</svg>\n`
  );
}

/** One line of text; `weight` 700 for headings. */
export function text(
  x: number,
  y: number,
  size: number,
  fill: string,
  s: string,
  opts: { weight?: number; anchor?: 'start' | 'middle' | 'end' } = {},
): string {
  const weight = opts.weight ? ` font-weight="${opts.weight}"` : '';
  const anchor = opts.anchor && opts.anchor !== 'start' ? ` text-anchor="${opts.anchor}"` : '';
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}"${weight}${anchor} fill="${fill}">${esc(s)}</text>`;
}

/** Splits a title into lines of at most `max` characters, without breaking words. */
export function wrap(s: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** FNV-1a: the same number for the same string on every run. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const toHex = (n: number) =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, '0');
const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Mixes `hex` towards `other` by `t` (0 = hex, 1 = other). */
export function mix(hex: string, other: string, t: number): string {
  const a = rgbOf(hex);
  const b = rgbOf(other);
  return `#${a.map((v, i) => toHex(v + (b[i]! - v) * t)).join('')}`;
}

/** Relative lightness 0–1, enough to pick a contrasting detail colour. */
export function lightness(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** A saturated, readable colour (white text on it) picked by hashing a slug. */
export function colourFor(slug: string): string {
  const h = (hash(slug) % 360) / 360;
  const s = 0.55;
  const l = 0.38;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return v * 255;
  };
  return `#${toHex(channel(h + 1 / 3))}${toHex(channel(h))}${toHex(channel(h - 1 / 3))}`;
}
