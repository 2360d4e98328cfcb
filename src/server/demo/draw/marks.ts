/** Wordmarks and badges: brand logos, store logos and the payment methods strip. */
import { colourFor, esc, FONT, svgDoc, text } from '@/server/demo/draw/svg';

/** A brand's wordmark in a rounded rectangle (240 × 120), coloured from its slug. */
export function drawBrandLogo(slug: string, title: string): string {
  const size = Math.min(42, Math.floor(196 / (title.length * 0.62)));
  return svgDoc(
    240,
    120,
    `${title} logo`,
    `<rect x="4" y="4" width="232" height="112" rx="22" fill="${colourFor(slug)}"/>` +
      `<rect x="14" y="14" width="212" height="92" rx="14" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>` +
      text(120, 60 + size * 0.35, size, '#ffffff', title, { weight: 700, anchor: 'middle' }),
  );
}

/** The initials of a name: "Volt Depot" → "VD", "HomeSense Electronics" → "HE". */
export const initialsOf = (name: string) =>
  name
    .split(/[\s&]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A store's monogram (160 × 160). */
export function drawStoreLogo(slug: string, name: string): string {
  const colour = colourFor(`store:${slug}`);
  return svgDoc(
    160,
    160,
    `${name} logo`,
    `<rect width="160" height="160" rx="36" fill="${colour}"/>` +
      `<circle cx="80" cy="80" r="60" fill="#ffffff" opacity="0.16"/>` +
      text(80, 98, 52, '#ffffff', initialsOf(name), { weight: 700, anchor: 'middle' }),
  );
}

const PAYMENT_METHODS = ['VISA', 'Mastercard', 'AMEX', 'PayPal', 'Bank transfer', 'COD'];

/** Neutral text badges for the accepted payment methods (360 × 48); names only, no logos. */
export function drawPayments(): string {
  const widths = PAYMENT_METHODS.map((m) => Math.round(m.length * 5.6 + 12));
  const gap = Math.floor((360 - widths.reduce((a, b) => a + b, 0)) / (PAYMENT_METHODS.length - 1));
  let x = 0;
  const badges = PAYMENT_METHODS.map((m, i) => {
    const w = widths[i]!;
    const badge =
      `<rect x="${x + 0.5}" y="12.5" width="${w - 1}" height="23" rx="5" fill="#ffffff" stroke="#aeb6bf"/>` +
      `<text x="${x + w / 2}" y="28" font-family="${FONT}" font-size="10" font-weight="700" text-anchor="middle" fill="#3d4550">${esc(m)}</text>`;
    x += w + gap;
    return badge;
  });
  return svgDoc(360, 48, `We accept ${PAYMENT_METHODS.join(', ')}`, badges.join(''));
}
