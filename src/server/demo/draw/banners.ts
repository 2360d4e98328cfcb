/** Wide pictures with a title: promotion banners, the top strip, the popup, store banners and blog covers. */
import { COLOURS, type ImageKind } from '@/server/demo/data/images';
import { placeKind } from '@/server/demo/draw/kinds';
import { hash, svgDoc, text, wrap } from '@/server/demo/draw/svg';

const BACKGROUNDS = ['#0b7a5c', '#1f4e8c', '#6a3fa0', '#a8442a', '#0f6f86', '#7d5a0c', '#3b4a5a', '#9c2d5a'];
const BODIES = [COLOURS.Blue, COLOURS.Red, COLOURS.Green, COLOURS.Black];

/** A stable background for a name, from a palette that white text reads well on. */
export const backgroundFor = (name: string) => BACKGROUNDS[hash(name) % BACKGROUNDS.length]!;

/** A kind drawn on a white disc of diameter `d`, its centre at (cx, cy). */
const disc = (kind: ImageKind, cx: number, cy: number, d: number, i: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${d / 2}" fill="#ffffff" opacity="0.92"/>` +
  placeKind(kind, BODIES[i % BODIES.length]!, cx - d * 0.36, cy - d * 0.36, (d * 0.72) / 200);

/** Up to three kinds on discs inside the box (x, y, w, h): the first large, the others smaller beside it. */
export function artwork(kinds: ImageKind[], x: number, y: number, w: number, h: number): string {
  const big = kinds.length > 1 ? Math.min(w * 0.62, h * 0.86) : Math.min(w, h) * 0.8;
  const small = big * 0.58;
  const [first, second, third] = kinds;
  let out = '';
  if (second) out += disc(second, x + small / 2, y + h - small / 2, small, 1);
  if (third) out += disc(third, x + w - small / 2, y + small / 2, small, 2);
  if (first) out += disc(first, x + w / 2, y + h / 2, big, 0);
  return out;
}

const decor = (w: number, h: number) =>
  `<circle cx="${Math.round(w * 0.72)}" cy="${Math.round(h * 0.5)}" r="${Math.round(h * 0.7)}" fill="#ffffff" opacity="0.07"/>` +
  `<circle cx="${Math.round(w * 0.08)}" cy="${h}" r="${Math.round(h * 0.35)}" fill="#000000" opacity="0.08"/>`;

export interface WideSpec {
  name: string;
  title: string;
  subtitle?: string;
  kinds: ImageKind[];
  width: number;
  height: number;
  label?: string;
  /** False for pictures the storefront writes its own text over (slides, banners): the words would show twice. */
  showText?: boolean;
}

/** A wide banner: title and subtitle on the left, the kinds on the right. */
export function drawWide({ name, title, subtitle, kinds, width, height, label, showText = true }: WideSpec): string {
  const size = Math.round(height > 600 ? height * 0.085 : height > 500 ? height * 0.11 : height > 300 ? height * 0.12 : height * 0.16);
  const lines = wrap(title, Math.floor((width * 0.5) / (size * 0.56)));
  const pad = Math.round(width * 0.06);
  const block = lines.length * size * 1.15 + (subtitle ? size * 1.1 : 0) + (label ? size * 0.9 : 0);
  let y = Math.round((height - block) / 2 + size * 0.9);
  let body = `<rect width="${width}" height="${height}" fill="${backgroundFor(name)}"/>` + decor(width, height);
  if (!showText) {
    body += artwork(kinds, Math.round(width * 0.6), Math.round(height * 0.08), Math.round(width * 0.34), Math.round(height * 0.84));
    return svgDoc(width, height, subtitle ? `${title}: ${subtitle}` : title, body);
  }
  if (label) {
    body += text(pad, y - size * 0.2, Math.round(size * 0.42), '#ffffff', label.toUpperCase(), { weight: 700 });
    y += Math.round(size * 0.9);
  }
  for (const l of lines) {
    body += text(pad, y, size, '#ffffff', l, { weight: 700 });
    y += Math.round(size * 1.15);
  }
  if (subtitle) body += text(pad, y + Math.round(size * 0.05), Math.round(size * 0.55), '#ffffff', subtitle);
  body += artwork(kinds, Math.round(width * 0.6), Math.round(height * 0.08), Math.round(width * 0.34), Math.round(height * 0.84));
  return svgDoc(width, height, subtitle ? `${title}: ${subtitle}` : title, body);
}

/** The thin strip above the header (1600 × 120). */
export function drawTopBanner(name: string, title: string, kinds: ImageKind[]): string {
  const body =
    `<rect width="1600" height="120" fill="${backgroundFor(name)}"/>` +
    kinds
      .slice(0, 2)
      .map((k, i) => placeKind(k, BODIES[i]!, i ? 1440 : 60, 10, 0.5))
      .join('') +
    text(800, 72, 38, '#ffffff', title, { weight: 700, anchor: 'middle' });
  return svgDoc(1600, 120, title, body);
}

/** The square popup (600 × 600): the kinds only; the popup writes its title beside the picture. */
export function drawPopup(name: string, title: string, kinds: ImageKind[]): string {
  const body =
    `<rect width="600" height="600" fill="${backgroundFor(name)}"/>` + decor(600, 600) + artwork(kinds.slice(0, 3), 90, 90, 420, 420);
  return svgDoc(600, 600, title, body);
}
