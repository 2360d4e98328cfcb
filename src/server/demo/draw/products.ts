/** Product pictures (600 × 600): the main picture per colour and the extra gallery views. */
import { COLOURS, type Colour, type GALLERY_ANGLES, type ImageKind } from '@/server/demo/data/images';
import { labelOf, placeKind } from '@/server/demo/draw/kinds';
import { lightness, mix, svgDoc, text } from '@/server/demo/draw/svg';

type Angle = (typeof GALLERY_ANGLES)[number];
const SIZE = 600;
/** Gallery views are the same for every colour, so they use one neutral body colour. */
const GALLERY_BODY = '#56616f';

/** A soft background tinted from the body colour; white products get a grey one so they stand out. */
const backgroundOf = (body: string) => (lightness(body) > 0.8 ? '#dfe5ec' : mix(body, '#ffffff', 0.84));

const backdrop = (bg: string) =>
  `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>` +
  `<circle cx="300" cy="290" r="230" fill="#ffffff" opacity="0.45"/>` +
  `<ellipse cx="300" cy="540" rx="200" ry="22" fill="#000000" opacity="0.12"/>`;

/** The main picture of a kind in one colour. */
export function drawProduct(kind: ImageKind, colour: Colour): string {
  const body = COLOURS[colour];
  return svgDoc(SIZE, SIZE, `${colour} ${labelOf(kind)}`, backdrop(backgroundOf(body)) + placeKind(kind, body, 60, 50, 2.4));
}

/** A product box with the kind drawn on its front. */
function box(kind: ImageKind): string {
  return (
    `<path d="M110 170L190 110H500L420 170Z" fill="#e6dccb" stroke="#9b8b70" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M420 170L500 110V460L420 530Z" fill="#cdbfa6" stroke="#9b8b70" stroke-width="4" stroke-linejoin="round"/>` +
    `<rect x="110" y="170" width="310" height="360" fill="#f4efe6" stroke="#9b8b70" stroke-width="4"/>` +
    `<rect x="110" y="170" width="310" height="44" fill="#0b7a5c"/>` +
    text(265, 200, 22, '#ffffff', 'Voltmart', { weight: 700, anchor: 'middle' }) +
    placeKind(kind, GALLERY_BODY, 155, 222, 1.1) +
    text(265, 500, 22, '#3d4550', labelOf(kind), { anchor: 'middle' })
  );
}

/** One extra gallery view: turned to the side, a close-up, or the box. */
export function drawGallery(kind: ImageKind, angle: Angle): string {
  const bg = '#e8ecf1';
  const title = `${labelOf(kind)}: ${angle === 'side' ? 'side view' : angle === 'detail' ? 'close-up' : 'retail box'}`;
  if (angle === 'box') return svgDoc(SIZE, SIZE, title, backdrop(bg) + box(kind));
  if (angle === 'side')
    return svgDoc(SIZE, SIZE, title, backdrop(bg) + placeKind(kind, GALLERY_BODY, 130, 40, 2.3, 'matrix(0.72 0.14 0 1 0 0)'));
  // Close-up: the middle of the drawing at twice the size, with a magnifier mark in the corner.
  return svgDoc(
    SIZE,
    SIZE,
    title,
    `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>` +
      placeKind(kind, GALLERY_BODY, -60, -60, 3.6) +
      `<circle cx="540" cy="540" r="30" fill="#ffffff" opacity="0.9"/><circle cx="535" cy="535" r="13" fill="none" stroke="#3d4550" stroke-width="4"/>` +
      `<path d="M545 545L558 558" stroke="#3d4550" stroke-width="5" stroke-linecap="round"/>`,
  );
}
