import { createRng, priceCents, slugify, type Rng } from '@/server/demo/prng';
import { COLOUR_NAMES, GALLERY_ANGLES, galleryImage, productImage, type Colour, type ImageKind } from '@/server/demo/data/images';
import { VARIANT_VALUES, type KindDef, type Made, type VariantAxis } from '@/server/demo/data/kind';
import { POWER_KINDS } from '@/server/demo/data/kinds-power';
import { HOME_KINDS } from '@/server/demo/data/kinds-home';
import { GADGET_KINDS } from '@/server/demo/data/kinds-gadgets';
import { WEAR_KINDS } from '@/server/demo/data/kinds-wear';
import { averageRating, makeReviews, type DemoReview } from '@/server/demo/data/reviews';
import { BRANDS, CATEGORIES, type DemoCategory, type DemoSubCategory } from '@/server/demo/data/taxonomy';

export const KINDS: Record<ImageKind, KindDef> = { ...POWER_KINDS, ...HOME_KINDS, ...GADGET_KINDS, ...WEAR_KINDS } as Record<ImageKind, KindDef>;

export interface DemoVariant {
  sku: string;
  /** Attribute title → value title, e.g. { Wattage: '65W' }. */
  values: Partial<Record<VariantAxis, string>>;
  price: number;
  quantity: number;
}

export interface DemoProduct {
  slug: string;
  title: string;
  sku: string;
  kind: ImageKind;
  description: string;
  overview: string;
  image: string;
  gallery: string[];
  video: string | null;
  tags: string[];
  specs: [string, string][];
  brand: string;
  store: string;
  category: string;
  subCategory: string;
  selling: number;
  offered: number;
  stock: number;
  variants: DemoVariant[];
  soldCount: number;
  viewCount: number;
  rating: string;
  reviews: DemoReview[];
  warranty: string;
  /** Days before now it was listed. */
  ageDays: number;
}

/** A second store that also sells this category now and then, so listings are multi-vendor. */
const ALSO_SOLD_BY: Record<string, string> = {
  'chargers-adapters': 'cable-corner', 'power-banks': 'deskpro', cables: 'volt-depot', 'smart-home-scales': 'deskpro',
  'toys-rc': 'homesense', audio: 'deskpro', 'phone-accessories': 'cable-corner', 'computer-accessories': 'cable-corner',
  wearables: 'deskpro', lighting: 'volt-depot',
};

const VIDEO_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function describe(made: Made, brand: string): string {
  const items = made.features.map(([label, text]) => `<li><strong>${label}:</strong> ${text}</li>`).join('');
  return `<p>${made.intro}</p><ul>${items}</ul><p>Sold with a ${made.warranty} from ${brand} and our 30-day refund. Standard shipping takes 3-7 business days.</p>`;
}

function makeVariants(rng: Rng, axis: VariantAxis, colours: Colour[], selling: number, sku: string, soldOut: boolean): DemoVariant[] {
  const axisValues = axis === 'Colour' ? colours.filter((c) => COLOUR_NAMES.includes(c)) : rng.sample(VARIANT_VALUES[axis], rng.int(2, 3));
  const values = axis === 'Colour' ? axisValues : [...axisValues].sort((a, b) => VARIANT_VALUES[axis].indexOf(a) - VARIANT_VALUES[axis].indexOf(b));
  const withColour = axis !== 'Colour' && colours.length >= 2 && rng.chance(0.35) ? colours.slice(0, 2) : [undefined];
  const out: DemoVariant[] = [];
  values.forEach((value, i) => {
    for (const colour of withColour) {
      const priced = axis !== 'Colour' && i > 0;
      out.push({
        sku: `${sku}-${out.length + 1}`,
        values: colour ? { [axis]: value, Colour: colour } : { [axis]: value },
        price: priced ? selling + priceCents(i * (axis === 'Wattage' ? 8 : 3)) + 1 : 0,
        quantity: soldOut || rng.chance(0.18) ? 0 : rng.int(2, 40),
      });
    }
  });
  return out;
}

function makeProduct(rng: Rng, cat: DemoCategory, sub: DemoSubCategory, index: number, used: Set<string>): DemoProduct {
  const def = KINDS[sub.kind];
  const made = def.make(rng, sub.slug);
  const brand = rng.pick(BRANDS.filter((b) => b.makes.includes(cat.slug)));
  const colours = rng.sample(def.colours, rng.int(Math.min(2, def.colours.length), def.colours.length));
  const main = colours[0] ?? 'Black';
  const selling = priceCents(made.dollars);
  const offered = rng.chance(0.35) ? Math.min(selling - 100, priceCents(made.dollars * (0.7 + rng.next() * 0.2))) : 0;
  const sku = `VM-${sub.slug.slice(0, 3).toUpperCase()}-${String(index).padStart(4, '0')}`;
  const soldOut = rng.chance(0.1);
  const variants = def.variant && rng.chance(0.55) ? makeVariants(rng, def.variant, colours, selling, sku, soldOut) : [];
  // A product sold in several wattages or lengths does not name one of them in its title.
  const name = !variants.length ? made.name : def.variant === 'Wattage' ? made.name.replace(/\b\d+W /, '') : def.variant === 'Length' ? made.name.replace(/, [\d.]+ m$/, '') : made.name;
  const title = `${brand.title} ${name}`;
  let slug = slugify(title);
  for (let n = 2; used.has(slug); n++) slug = `${slugify(title)}-${n}`;
  used.add(slug);
  const stock = variants.length ? variants.reduce((s, v) => s + v.quantity, 0) : soldOut ? 0 : rng.int(3, 250);
  const ageDays = rng.int(1, 360);
  const reviews = makeReviews(rng, 3.2 + rng.next() * 1.7, ageDays);
  const soldCount = rng.int(0, 40) * (reviews.length + 1);
  const gallery = [
    ...colours.slice(1, 3).map((c) => productImage(sub.kind, c)),
    ...rng.sample(GALLERY_ANGLES, rng.int(1, 3)).map((a) => galleryImage(sub.kind, a)),
  ].slice(0, rng.int(2, 4));
  return {
    slug,
    title,
    sku,
    kind: sub.kind,
    description: describe(made, brand.title),
    overview: made.overview,
    image: productImage(sub.kind, main),
    gallery,
    video: rng.chance(0.12) ? Array.from({ length: 11 }, () => rng.pick(VIDEO_CHARS.split(''))).join('') : null,
    tags: [...new Set([...made.tags, ...(ageDays < 45 ? ['new-arrival'] : []), ...(soldCount > 250 ? ['bestseller'] : [])])],
    specs: made.specs.slice(0, 6),
    brand: brand.slug,
    store: rng.chance(0.2) ? (ALSO_SOLD_BY[cat.slug] ?? cat.store) : cat.store,
    category: cat.slug,
    subCategory: sub.slug,
    selling,
    offered: offered > 0 ? offered : 0,
    stock,
    variants,
    soldCount,
    viewCount: soldCount * rng.int(8, 30) + rng.int(40, 600),
    rating: averageRating(reviews),
    reviews,
    warranty: made.warranty,
    ageDays,
  };
}

/** Every demo product, in a fixed order; the same on every run. */
export function buildProducts(seed = 20261122): DemoProduct[] {
  const rng = createRng(seed);
  const used = new Set<string>();
  const out: DemoProduct[] = [];
  for (const cat of CATEGORIES) {
    for (const sub of cat.subs) {
      for (let i = 0; i < sub.count; i++) out.push(makeProduct(rng, cat, sub, out.length + 1, used));
    }
  }
  return out;
}

/** One extra generated product for the scale generator (`npm run seed -- --products N`). */
export function buildExtraProduct(rng: Rng, n: number, used: Set<string>): DemoProduct {
  const cat = CATEGORIES[n % CATEGORIES.length]!;
  const sub = cat.subs[Math.floor(n / CATEGORIES.length) % cat.subs.length]!;
  const product = makeProduct(rng, cat, sub, 100000 + n, used);
  return { ...product, slug: `${product.slug}-g${n}`, sku: `VM-GEN-${n}` };
}
