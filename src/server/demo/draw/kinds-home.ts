/** Drawings of scales, smart-home gadgets and toys (200 × 200 box). */
import { circle, DARK, ellipse, GLOW, line, METAL, path, rect, SCREEN, waves, type Draw } from '@/server/demo/draw/shapes';

const scale: Draw = (p) =>
  rect(26, 40, 148, 136, 26, p.body) +
  rect(74, 54, 52, 22, 6, SCREEN) +
  rect(82, 61, 36, 8, 2, '#5ad1ff', ' stroke="none"') +
  path('M58 96C48 96 44 110 46 130C48 152 70 154 72 132C74 112 70 96 58 96Z', p.detail, ' stroke="none"') +
  path('M142 96C152 96 156 110 154 130C152 152 130 154 128 132C126 112 130 96 142 96Z', p.detail, ' stroke="none"');

const kitchenScale: Draw = (p) =>
  path('M44 76H156C156 110 134 122 100 122C66 122 44 110 44 76Z', METAL) +
  ellipse(100, 76, 56, 10, '#dfe4e9') +
  rect(84, 120, 32, 12, 2, p.detail) +
  path('M30 132H170L160 176H40Z', p.body) +
  rect(74, 142, 52, 20, 5, SCREEN) +
  rect(82, 149, 36, 6, 2, '#5ad1ff', ' stroke="none"');

const smartPlug: Draw = (p) =>
  rect(70, 154, 10, 22, 3, METAL) +
  rect(120, 154, 10, 22, 3, METAL) +
  rect(44, 38, 112, 122, 28, p.body) +
  circle(100, 102, 36, p.detail) +
  rect(84, 92, 8, 20, 3, DARK) +
  rect(108, 92, 8, 20, 3, DARK) +
  circle(140, 56, 5, '#4cd08a') +
  waves(100, 34, p.detail);

const sensor: Draw = (p) =>
  rect(34, 50, 64, 126, 14, p.body) +
  rect(112, 74, 40, 102, 12, p.body) +
  circle(66, 80, 8, '#4cd08a') +
  rect(50, 148, 32, 8, 4, p.detail) +
  waves(90, 44, p.detail);

const wheel = (cx: number, cy: number, r: number) => circle(cx, cy, r, DARK) + circle(cx, cy, r * 0.4, METAL);

const train: Draw = (p) =>
  line('M10 176H190', METAL, 6) +
  rect(56, 40, 20, 40, 3, DARK) +
  rect(50, 32, 32, 12, 4, DARK) +
  rect(30, 78, 110, 62, 10, p.body) +
  rect(116, 46, 56, 94, 8, p.body) +
  rect(128, 58, 32, 28, 4, '#bfe3ff') +
  path('M30 140L14 164H40Z', p.detail) +
  rect(36, 92, 70, 10, 5, p.detail, ' stroke="none"') +
  wheel(58, 150, 18) +
  wheel(102, 150, 18) +
  wheel(146, 154, 14);

const rcCar: Draw = (p) =>
  line('M150 84L166 24', DARK, 3) +
  circle(166, 22, 4, '#e34b4b') +
  rect(20, 80, 30, 8, 2, p.detail) +
  rect(26, 88, 6, 16, 0, p.detail) +
  path('M22 130C22 110 40 104 62 102L84 78H132L152 104C170 106 182 114 182 130V140H22Z', p.body) +
  path('M90 86H126L140 104H78Z', '#bfe3ff') +
  wheel(56, 144, 24) +
  wheel(148, 144, 24);

const drone: Draw = (p) =>
  line('M52 62L148 138M148 62L52 138', p.detail, 10) +
  [
    [52, 62],
    [148, 62],
    [52, 138],
    [148, 138],
  ]
    .map(([x, y]) => circle(x!, y!, 8, DARK) + ellipse(x!, y! - 10, 36, 7, METAL, ' opacity="0.85"'))
    .join('') +
  rect(72, 78, 56, 44, 16, p.body) +
  circle(100, 130, 10, DARK) +
  circle(100, 130, 4, '#5ad1ff');

const stemKit: Draw = (p) =>
  line('M100 34V20', DARK, 4) +
  circle(100, 18, 6, '#e34b4b') +
  rect(56, 34, 88, 62, 14, p.body) +
  circle(82, 64, 11, '#ffffff') +
  circle(118, 64, 11, '#ffffff') +
  circle(84, 66, 5, DARK) +
  circle(120, 66, 5, DARK) +
  rect(86, 82, 28, 5, 2, p.detail, ' stroke="none"') +
  rect(48, 100, 104, 58, 10, p.body) +
  rect(64, 112, 34, 24, 3, '#2f9e6e') +
  circle(120, 120, 6, GLOW) +
  circle(136, 120, 6, '#e34b4b') +
  rect(112, 134, 30, 8, 3, DARK) +
  wheel(62, 164, 16) +
  wheel(138, 164, 16);

export const HOME_DRAWINGS = {
  scale,
  'kitchen-scale': kitchenScale,
  'smart-plug': smartPlug,
  sensor,
  train,
  'rc-car': rcCar,
  drone,
  'stem-kit': stemKit,
} satisfies Record<string, Draw>;
