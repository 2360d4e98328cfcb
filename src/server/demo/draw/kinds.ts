/** Every product kind's drawing, and how to place one inside a bigger picture. */
import type { ImageKind } from '@/server/demo/data/images';
import { GADGET_DRAWINGS } from '@/server/demo/draw/kinds-gadgets';
import { HOME_DRAWINGS } from '@/server/demo/draw/kinds-home';
import { POWER_DRAWINGS } from '@/server/demo/draw/kinds-power';
import { WEAR_DRAWINGS } from '@/server/demo/draw/kinds-wear';
import { paintFor, type Draw } from '@/server/demo/draw/shapes';

const DRAWINGS: Record<ImageKind, Draw> = { ...POWER_DRAWINGS, ...HOME_DRAWINGS, ...GADGET_DRAWINGS, ...WEAR_DRAWINGS };

const LABELS: Partial<Record<ImageKind, string>> = {
  charger: 'wall charger',
  cable: 'coiled cable',
  'hdmi-cable': 'HDMI cable',
  scale: 'bathroom scale',
  sensor: 'door sensor',
  train: 'toy train',
  'rc-car': 'RC car',
  drone: 'mini drone',
  'stem-kit': 'STEM robot kit',
  'usb-hub': 'USB hub',
  'led-strip': 'LED strip',
  'solar-bank': 'solar power bank',
};

/** The kind as words for titles: "wall charger", "RC car". */
export const labelOf = (kind: ImageKind) => LABELS[kind] ?? kind.replace(/-/g, ' ');

/**
 * The kind's drawing in `body` colour, its 200 × 200 box placed at (x, y) and scaled by `s`.
 * `transform` adds to the placement (a skew for a side view).
 */
export function placeKind(kind: ImageKind, body: string, x: number, y: number, s: number, transform = ''): string {
  const paint = paintFor(body);
  const at = `translate(${x} ${y}) scale(${s})${transform ? ` ${transform}` : ''}`;
  return `<g transform="${at}" stroke="${paint.line}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round">${DRAWINGS[kind](paint)}</g>`;
}
