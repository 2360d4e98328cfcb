/** Drawings of audio, phone and desk accessories (200 × 200 box). */
import { circle, DARK, ellipse, line, METAL, path, rect, SCREEN, tube, type Draw } from '@/server/demo/draw/shapes';

const headphones: Draw = (p) =>
  tube('M44 120V96A56 56 0 0 1 156 96V120', p, 14) +
  rect(26, 102, 40, 70, 18, p.body) +
  rect(134, 102, 40, 70, 18, p.body) +
  rect(56, 110, 14, 54, 7, DARK) +
  rect(130, 110, 14, 54, 7, DARK);

const bud = (x: number, flip: number, p: Parameters<Draw>[0]) =>
  rect(x - 7 * flip - 7, 56, 14, 48, 7, p.body) + circle(x, 50, 22, p.body) + circle(x + 10 * flip, 50, 9, DARK);

const earbuds: Draw = (p) =>
  bud(62, 1, p) +
  bud(138, -1, p) +
  path('M40 124H160V150C160 166 148 176 132 176H68C52 176 40 166 40 150Z', p.body) +
  path('M40 124C40 114 48 108 58 108H142C152 108 160 114 160 124Z', p.detail) +
  circle(100, 146, 4, '#4cd08a');

const speaker: Draw = (p) =>
  rect(46, 24, 108, 156, 24, p.body) +
  circle(100, 116, 40, p.detail) +
  circle(100, 116, 28, DARK) +
  circle(100, 116, 10, METAL) +
  circle(100, 54, 14, DARK) +
  circle(100, 54, 5, METAL);

const phoneCase: Draw = (p) =>
  rect(52, 14, 96, 174, 22, p.body) +
  rect(64, 28, 46, 50, 12, p.detail) +
  circle(78, 42, 9, DARK) +
  circle(98, 42, 9, DARK) +
  circle(78, 64, 9, DARK) +
  circle(99, 63, 3, '#ffffff') +
  rect(148, 50, 4, 30, 2, p.detail, ' stroke="none"');

const screenProtector: Draw = (p) =>
  rect(40, 20, 92, 164, 20, p.body) +
  rect(48, 30, 76, 144, 12, SCREEN) +
  rect(68, 16, 94, 164, 18, '#d7ecff', ' opacity="0.75" stroke="#7fa6c9"') +
  line('M86 60L120 26M92 96L150 38', '#ffffff', 6, ' opacity="0.9"');

const phoneMount: Draw = (p) =>
  path('M62 184C62 168 80 160 100 160C120 160 138 168 138 184Z', p.body) +
  rect(93, 136, 14, 28, 4, DARK) +
  circle(100, 138, 10, METAL) +
  rect(62, 8, 76, 130, 14, DARK) +
  rect(69, 18, 62, 108, 6, SCREEN) +
  path([0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => `M${76 + c * 18} ${30 + r * 20}h12v12h-12z`)).join(''), '#7fa6c9', ' stroke="none"') +
  rect(48, 50, 20, 46, 6, p.body) +
  rect(132, 50, 20, 46, 6, p.body) +
  rect(58, 124, 84, 14, 6, p.body);

const tripod: Draw = (p) =>
  tube('M100 96L46 184M100 96L154 184M100 96V184', p, 8) +
  rect(88, 84, 24, 22, 4, DARK) +
  rect(80, 70, 40, 16, 4, p.detail) +
  rect(64, 18, 72, 48, 8, SCREEN) +
  rect(58, 28, 10, 30, 3, p.body) +
  rect(132, 28, 10, 30, 3, p.body);

const mouse: Draw = (p) =>
  line('M100 34C100 16 120 12 130 6', DARK, 4) +
  path('M100 34C134 34 150 60 150 100V128C150 160 128 182 100 182C72 182 50 160 50 128V100C50 60 66 34 100 34Z', p.body) +
  line('M52 96H148M100 34V96', p.detail, 3) +
  rect(94, 50, 12, 26, 6, DARK);

const keyboard: Draw = (p) => {
  const keys = [0, 1, 2]
    .flatMap((row) => [0, 1, 2, 3, 4, 5, 6, 7, 8].map((col) => `M${30 + col * 16 + row * 4} ${72 + row * 20}h11v13h-11z`))
    .join('');
  return rect(16, 60, 168, 94, 12, p.body) + path(keys + 'M54 132h92v13h-92z', p.detail, ' stroke="none"');
};

const usbHub: Draw = (p) =>
  line('M30 112C10 140 24 170 60 176', DARK, 6) +
  rect(60, 168, 24, 16, 4, METAL) +
  rect(24, 76, 152, 48, 14, p.body) +
  [48, 80, 112, 144].map((x) => rect(x - 10, 94, 20, 12, 2, DARK)).join('') +
  circle(160, 86, 3, '#5ad1ff');

const laptopStand: Draw = (p) =>
  path('M30 132L150 88L158 96V176H142V108L48 142V176H30Z', p.body) +
  path('M32 124L152 80L156 88L36 132Z', METAL) +
  path('M148 84L172 14L184 18L160 88Z', DARK) +
  rect(24, 174, 30, 8, 3, p.detail) +
  rect(136, 174, 28, 8, 3, p.detail);

const webcam: Draw = (p) =>
  path('M84 124H116L126 172H74Z', p.detail) +
  rect(56, 166, 88, 12, 6, p.body) +
  rect(30, 52, 140, 76, 38, p.body) +
  circle(100, 90, 28, DARK) +
  circle(100, 90, 16, SCREEN) +
  circle(106, 84, 5, '#9fc7f0') +
  circle(150, 74, 4, '#4cd08a') +
  ellipse(58, 90, 8, 6, METAL);

export const GADGET_DRAWINGS = {
  headphones,
  earbuds,
  speaker,
  'phone-case': phoneCase,
  'screen-protector': screenProtector,
  'phone-mount': phoneMount,
  tripod,
  mouse,
  keyboard,
  'usb-hub': usbHub,
  'laptop-stand': laptopStand,
  webcam,
} satisfies Record<string, Draw>;
