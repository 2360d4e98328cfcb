import { getDemoPlan } from '@/server/demo/plan';
import { currentPrice } from '@/server/demo/data/promotions';
import { SPEC_PAGE_SLUGS } from '@/server/demo/data/pages';
import type { DemoProduct } from '@/server/demo/data/products';

const plan = getDemoPlan();
const find = (test: (p: DemoProduct) => boolean, what: string) => {
  const found = plan.products.find(test);
  if (!found) throw new Error(`demo data has no product ${what}`);
  return found;
};
const flashSlugs = new Set(plan.flashSales[0]!.products.map((f) => f.slug));

const withVariants = find(
  (p) => p.variants.length >= 2 && p.variants.some((v) => v.price > 0) && p.variants.some((v) => v.quantity > 0),
  'with variants',
);
const outOfStock = find((p) => p.stock === 0 && !p.variants.length, 'out of stock');
const withOffer = find((p) => p.offered > 0 && p.stock > 0 && !p.variants.length && !flashSlugs.has(p.slug), 'with an offer');
const inFlashSale = find((p) => flashSlugs.has(p.slug), 'in the flash sale');
// Both a flash price and an offer: the one product that tells "strike the selling price" from "strike the offer".
const flashWithOffer = find((p) => flashSlugs.has(p.slug) && p.offered > 0, 'in the flash sale with an offer too');
const flashPriceOf = (slug: string) => plan.flashSales[0]!.products.find((f) => f.slug === slug)!.price;
const withVideo = find((p) => p.video !== null, 'with a video');
const lowStock = find((p) => p.stock > 0 && p.stock < 10 && !p.variants.length && !flashSlugs.has(p.slug), 'with fewer than 10 in stock');
const plain = find((p) => p.offered === 0 && p.stock > 5 && !p.variants.length && !flashSlugs.has(p.slug) && !p.video, 'without extras');

/** Products with known facts, for tests (all from the seeded data, never typed twice). */
export const KNOWN_PRODUCTS = {
  withVariants: {
    slug: withVariants.slug,
    title: withVariants.title,
    stock: withVariants.stock,
    variants: withVariants.variants.map((v) => ({ sku: v.sku, values: v.values, price: v.price, quantity: v.quantity })),
  },
  outOfStock: { slug: outOfStock.slug, title: outOfStock.title },
  withOffer: {
    slug: withOffer.slug,
    title: withOffer.title,
    selling: withOffer.selling,
    offered: withOffer.offered,
    stock: withOffer.stock,
  },
  inFlashSale: {
    slug: inFlashSale.slug,
    title: inFlashSale.title,
    selling: inFlashSale.selling,
    offered: inFlashSale.offered,
    flashPrice: flashPriceOf(inFlashSale.slug),
  },
  flashWithOffer: {
    slug: flashWithOffer.slug,
    title: flashWithOffer.title,
    selling: flashWithOffer.selling,
    offered: flashWithOffer.offered,
    flashPrice: flashPriceOf(flashWithOffer.slug),
  },
  withVideo: { slug: withVideo.slug, title: withVideo.title, videoId: withVideo.video! },
  /** Fewer in stock than the per-order maximum (10), so the stock is the limit. */
  lowStock: { slug: lowStock.slug, title: lowStock.title, stock: lowStock.stock },
  plain: { slug: plain.slug, title: plain.title, selling: plain.selling, stock: plain.stock, store: plain.store, category: plain.category },
} as const;

/** How many of each thing the demo seeds. */
export const DEMO_COUNTS = {
  products: plan.products.length,
  categories: plan.categories.length,
  subCategories: plan.categories.reduce((n, c) => n + c.subs.length, 0),
  brands: plan.brands.length,
  stores: plan.stores.length,
  tags: plan.tags.length,
  collections: plan.collections.length,
  banners: plan.banners.length,
  flashSales: plan.flashSales.length,
  runningFlashProducts: plan.flashSales[0]!.products.length,
  vouchers: plan.vouchers.length,
  blogPosts: plan.posts.length,
  pages: plan.pages.length,
  reviews: plan.products.reduce((n, p) => n + p.reviews.length, 0),
  variantProducts: plan.products.filter((p) => p.variants.length).length,
  outOfStock: plan.products.filter((p) => p.stock === 0).length,
  withOffer: plan.products.filter((p) => p.offered > 0).length,
  countries: plan.countries.length,
} as const;

/** Slugs the spec names for /page/{slug}; all are seeded. */
export const DEMO_PAGE_SLUGS = SPEC_PAGE_SLUGS;
/** Current price by the spec's rule, ignoring flash sales. */
export { currentPrice };
