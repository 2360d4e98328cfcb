/** Shape shorthands for the product drawings, all in a 200 × 200 box. */
import { lightness, mix } from '@/server/demo/draw/svg';

/** The colours one drawing uses: the product body, its outline and a contrasting detail colour. */
export interface Paint {
  body: string;
  line: string;
  detail: string;
}
export type Draw = (p: Paint) => string;

export const METAL = '#b9c1ca';
export const DARK = '#1f2630';
export const GLOW = '#ffd54a';
export const SCREEN = '#26374a';
export const NONE = 'none';

/** The paint for a product body colour: outline darker, details contrasting. */
export function paintFor(body: string): Paint {
  const light = lightness(body) > 0.55;
  return {
    body,
    line: light ? mix(body, '#000000', 0.5) : mix(body, '#000000', 0.55),
    detail: light ? mix(body, '#000000', 0.28) : mix(body, '#ffffff', 0.4),
  };
}

export const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
export const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
/** A stroked line or curve with no fill. */
export const line = (d: string, stroke: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"${extra}/>`;
/** Lets light (beams, glows) skip the outline every other shape gets. */
export const noOutline = ' stroke="none"';
/** A lightning bolt centred on (x, y), `s` tall. */
export function bolt(x: number, y: number, s: number, fill: string): string {
  const k = s / 20;
  const pts = [
    [2, -10],
    [-6, 2],
    [0, 2],
    [-2, 10],
    [6, -2],
    [0, -2],
  ] as const;
  const d = pts.map(([a, b], i) => `${i ? 'L' : 'M'}${Math.round(x + a * k)} ${Math.round(y + b * k)}`).join('');
  return path(`${d}Z`, fill, noOutline);
}
/** Wi-Fi style arcs above (x, y). */
export const waves = (x: number, y: number, stroke: string) =>
  [8, 16, 24].map((r) => line(`M${x - r * 0.7} ${y - r * 0.7}A${r} ${r} 0 0 1 ${x + r * 0.7} ${y - r * 0.7}`, stroke, 4)).join('');
/** A thick stroke in the body colour with the outline colour around it, so white products keep an edge. */
export const tube = (d: string, p: Paint, width: number, extra = '') => line(d, p.line, width + 5, extra) + line(d, p.body, width, extra);
