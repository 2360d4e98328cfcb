/** Drawings of chargers, power banks and cables (200 × 200 box). */
import { bolt, circle, DARK, ellipse, line, METAL, path, rect, SCREEN, tube, waves, type Draw } from '@/server/demo/draw/shapes';

const charger: Draw = (p) =>
  rect(78, 28, 10, 34, 3, METAL) +
  rect(112, 28, 10, 34, 3, METAL) +
  rect(50, 58, 100, 112, 20, p.body) +
  rect(58, 64, 84, 10, 5, p.detail, ' stroke="none"') +
  bolt(100, 108, 40, p.detail) +
  rect(84, 146, 32, 10, 5, DARK);

const carCharger: Draw = (p) =>
  rect(92, 152, 16, 22, 4, METAL) +
  rect(74, 110, 10, 20, 4, METAL) +
  rect(116, 110, 10, 20, 4, METAL) +
  path('M80 84H120L114 160H86Z', p.body) +
  rect(52, 26, 96, 62, 18, p.body) +
  rect(66, 44, 28, 12, 4, DARK) +
  rect(106, 44, 28, 12, 4, DARK) +
  circle(100, 74, 4, '#5ad1ff');

const wireless: Draw = (p) =>
  ellipse(100, 134, 78, 30, p.detail) +
  rect(22, 116, 156, 18, 0, p.detail, ' stroke="none"') +
  ellipse(100, 116, 78, 30, p.body) +
  ellipse(100, 116, 46, 16, 'none', ` stroke="${p.detail}" stroke-width="4"`) +
  circle(100, 140, 3, '#5ad1ff') +
  waves(100, 80, p.detail);

const travelAdapter: Draw = (p) =>
  rect(70, 150, 10, 26, 3, METAL) +
  rect(120, 150, 10, 26, 3, METAL) +
  rect(40, 40, 120, 116, 16, p.body) +
  rect(54, 54, 92, 64, 10, p.detail) +
  rect(72, 68, 8, 18, 2, DARK) +
  rect(92, 62, 16, 12, 2, DARK) +
  rect(120, 68, 8, 18, 2, DARK) +
  circle(100, 98, 6, DARK) +
  rect(56, 128, 24, 12, 6, DARK) +
  rect(86, 128, 24, 12, 6, DARK) +
  rect(124, 128, 20, 12, 4, METAL);

const powerBank: Draw = (p) =>
  rect(58, 24, 84, 152, 16, p.body) +
  rect(86, 30, 28, 8, 4, DARK) +
  bolt(100, 94, 52, p.detail) +
  [78, 92, 106, 120].map((x, i) => circle(x + 1, 150, 4, i < 3 ? '#5ad1ff' : p.detail)).join('');

const solarBank: Draw = (p) =>
  line('M88 24A12 12 0 0 1 112 24', METAL, 8) +
  rect(52, 28, 96, 148, 16, p.body) +
  rect(62, 40, 76, 104, 4, SCREEN) +
  line('M62 66H138M62 92H138M62 118H138M87 40V144M113 40V144', '#6f93c2', 2) +
  [84, 100, 116].map((x) => circle(x, 160, 4, '#5ad1ff')).join('');

const cable: Draw = (p) =>
  [0, 1, 2]
    .map((i) => tube(`M${46 + i * 3} ${96 + i * 12}a${54 - i * 3} 34 0 1 0 ${108 - i * 6} 0a${54 - i * 3} 34 0 1 0 ${i * 6 - 108} 0`, p, 9))
    .join('') +
  tube('M46 120C40 150 30 160 26 168', p, 9) +
  tube('M150 90C170 60 168 44 168 32', p, 9) +
  rect(14, 160, 24, 28, 6, p.detail) +
  rect(19, 184, 14, 10, 3, METAL) +
  rect(156, 14, 24, 28, 6, p.detail) +
  rect(161, 6, 14, 10, 3, METAL);

const hdmiCable: Draw = (p) =>
  tube('M56 64C56 150 144 50 144 136', p, 12) +
  rect(40, 24, 32, 46, 6, p.detail) +
  path('M40 24L44 6H68L72 24Z', METAL) +
  rect(128, 130, 32, 46, 6, p.detail) +
  path('M128 176L132 194H156L160 176Z', METAL) +
  rect(46, 12, 20, 6, 1, DARK) +
  rect(134, 182, 20, 6, 1, DARK);

export const POWER_DRAWINGS = {
  charger,
  'car-charger': carCharger,
  'wireless-charger': wireless,
  'travel-adapter': travelAdapter,
  'power-bank': powerBank,
  'solar-bank': solarBank,
  cable,
  'hdmi-cable': hdmiCable,
} satisfies Record<string, Draw>;
