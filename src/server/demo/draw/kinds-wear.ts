/** Drawings of wearables and lights (200 × 200 box). */
import { circle, DARK, ellipse, GLOW, line, METAL, noOutline, path, rect, SCREEN, tube, type Draw } from '@/server/demo/draw/shapes';

const smartwatch: Draw = (p) =>
  rect(70, 6, 60, 60, 10, p.body) +
  rect(70, 134, 60, 60, 10, p.body) +
  rect(52, 46, 96, 108, 26, METAL) +
  rect(62, 56, 76, 88, 18, DARK) +
  line('M100 76A24 24 0 1 1 78 110', '#4cd08a', 6) +
  line('M100 88A12 12 0 1 1 89 104', '#5ad1ff', 5) +
  rect(146, 84, 10, 22, 4, METAL);

const fitnessBand: Draw = (p) =>
  tube('M30 104a70 56 0 1 0 140 0a70 56 0 1 0 -140 0', p, 22) +
  rect(62, 32, 76, 34, 16, DARK) +
  rect(74, 42, 40, 14, 6, SCREEN) +
  rect(78, 46, 20, 6, 2, '#5ad1ff', noOutline) +
  circle(124, 49, 4, '#4cd08a');

const watchStrap: Draw = (p) =>
  rect(40, 24, 42, 92, 10, p.body) +
  path('M32 112H90V140H32Z', 'none', ' stroke="#8e98a3" stroke-width="6"') +
  line('M61 112V146', '#8e98a3', 5) +
  rect(116, 60, 42, 130, 10, p.body) +
  [90, 112, 134, 156].map((y) => ellipse(137, y, 5, 7, DARK)).join('') +
  rect(42, 16, 38, 6, 3, METAL) +
  rect(118, 52, 38, 6, 3, METAL);

const ledStrip: Draw = (p) => {
  const d = 'M14 140C44 60 76 60 100 100C124 140 156 140 186 60';
  return (
    line(d, GLOW, 34, ' opacity="0.3" stroke-linecap="round"') +
    tube(d, p, 18) +
    [
      [24, 116],
      [44, 82],
      [68, 70],
      [92, 88],
      [112, 116],
      [136, 130],
      [160, 118],
      [178, 82],
    ]
      .map(([x, y]) => rect(x! - 4, y! - 4, 8, 8, 2, GLOW, ' stroke="#a07a00" stroke-width="1.5"'))
      .join('')
  );
};

const deskLamp: Draw = (p) =>
  path('M146 92L186 176H110Z', GLOW, ' opacity="0.35" stroke="none"') +
  ellipse(60, 172, 42, 10, p.body) +
  tube('M60 166L44 96L128 56', p, 9) +
  circle(44, 96, 8, p.detail) +
  circle(60, 166, 6, p.detail) +
  path('M116 44L168 64L150 100L110 74Z', p.body) +
  ellipse(148, 94, 10, 5, GLOW, noOutline);

const smartBulb: Draw = (p) =>
  circle(100, 76, 68, GLOW, ' opacity="0.25" stroke="none"') +
  path('M100 20C132 20 156 44 156 76C156 100 140 112 132 128H68C60 112 44 100 44 76C44 44 68 20 100 20Z', p.body) +
  ellipse(80, 56, 12, 18, '#ffffff', ' opacity="0.45" stroke="none"') +
  rect(68, 128, 64, 14, 4, METAL) +
  rect(70, 142, 60, 12, 4, METAL) +
  rect(72, 154, 56, 12, 4, METAL) +
  path('M80 166H120L110 182H90Z', DARK);

const flashlight: Draw = (p) =>
  path('M148 64L196 24V112L164 96Z', GLOW, ' opacity="0.35" stroke="none"') +
  `<g transform="rotate(-30 100 100)">` +
  rect(16, 88, 110, 32, 10, p.body) +
  path('M124 84H150L164 74V134L150 124H124Z', p.body) +
  rect(160, 76, 10, 56, 4, GLOW) +
  rect(64, 82, 20, 8, 3, DARK) +
  line('M30 96V112M40 96V112M50 96V112', p.detail, 3) +
  '</g>';

export const WEAR_DRAWINGS = {
  smartwatch,
  'fitness-band': fitnessBand,
  'watch-strap': watchStrap,
  'led-strip': ledStrip,
  'desk-lamp': deskLamp,
  'smart-bulb': smartBulb,
  flashlight,
} satisfies Record<string, Draw>;
