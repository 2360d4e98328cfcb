/** Square pictures: category icons and the "photos" customers attach to reviews. */
import { COLOURS, type Colour, type ImageKind } from '@/server/demo/data/images';
import { labelOf, placeKind } from '@/server/demo/draw/kinds';
import { colourFor, mix, svgDoc } from '@/server/demo/draw/svg';

/** A category's icon (160 × 160): its representative kind on a tinted tile. */
export function drawCategoryIcon(slug: string, title: string, kind: ImageKind): string {
  const colour = colourFor(`category:${slug}`);
  return svgDoc(
    160,
    160,
    title,
    `<rect width="160" height="160" rx="32" fill="${mix(colour, '#ffffff', 0.82)}"/>` + placeKind(kind, colour, 18, 18, 0.62),
  );
}

/** What each review photo shows; chosen by eye, the order is what the files are named after. */
const REVIEW_SUBJECTS: [ImageKind, Colour][] = [
  ['headphones', 'Black'],
  ['power-bank', 'Blue'],
  ['train', 'Red'],
  ['mouse', 'White'],
  ['smartwatch', 'Green'],
  ['speaker', 'Blue'],
];

/** Review photo `n` (1-based, 600 × 600): a product standing on a wooden table against a wall. */
export function drawReviewPhoto(n: number): string {
  const [kind, colour] = REVIEW_SUBJECTS[(n - 1) % REVIEW_SUBJECTS.length]!;
  const planks = [400, 470, 540].map((y) => `<path d="M0 ${y}H600" stroke="#8a5f38" stroke-width="3" opacity="0.5"/>`).join('');
  const tilt = ((n % 3) - 1) * 6;
  return svgDoc(
    600,
    600,
    `Customer photo of a ${colour.toLowerCase()} ${labelOf(kind)}`,
    '<defs><radialGradient id="v" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>' +
      '<rect width="600" height="600" fill="#e9e1d3"/>' +
      '<rect x="380" y="30" width="170" height="230" fill="#ffffff" opacity="0.35"/>' +
      '<rect y="330" width="600" height="270" fill="#b98a5a"/>' +
      planks +
      '<ellipse cx="300" cy="500" rx="170" ry="24" fill="#3b2614" opacity="0.3"/>' +
      placeKind(kind, COLOURS[colour], 140, 170, 1.6, `rotate(${tilt} 100 100)`) +
      '<rect width="600" height="600" fill="url(#v)"/>',
  );
}
