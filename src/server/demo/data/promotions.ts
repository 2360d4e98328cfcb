import { createRng, priceCents } from '@/server/demo/prng';
import { bannerImage } from '@/server/demo/data/images';
import type { DemoProduct } from '@/server/demo/data/products';

/** What a banner points to, by slug; resolved to ids when it is written. */
export type BannerSource =
  | { type: 1; categories: string[] } | { type: 2; subCategories: string[] } | { type: 3; tags: string[] }
  | { type: 4; brands: string[] } | { type: 5; products: string[] } | { type: 6; url: string };

export interface DemoBanner { type: number; title: string; subtitle: string; image: string; slug: string; source: BannerSource; closable: boolean }

export const currentPrice = (p: DemoProduct) => (p.offered > 0 ? p.offered : p.selling);

/** Collections, banners, flash sales and vouchers picked from the products (deterministic). */
export function buildPromotions(products: DemoProduct[]) {
  const rng = createRng(7);
  const inStock = products.filter((p) => p.stock > 0);
  const take = (list: DemoProduct[], n: number) => rng.sample(list, n).map((p) => p.slug);
  const collections = [
    { slug: 'fast-charging', title: 'Fast charging', products: take(inStock.filter((p) => p.tags.includes('fast-charging')), 18) },
    { slug: 'gifts-under-30', title: 'Gifts under $30', products: take(products.filter((p) => currentPrice(p) < 3000 && (p.tags.includes('gift') || p.tags.includes('toys') || p.category === 'audio' || p.category === 'wearables' || p.category === 'lighting')), 16) },
    { slug: 'back-to-school', title: 'Back to school', products: take(products.filter((p) => ['computer-accessories', 'cables', 'audio'].includes(p.category) || p.subCategory === 'stem-kits'), 20) },
    { slug: 'travel-kit', title: 'Travel kit', products: take(products.filter((p) => p.tags.includes('travel')), 14) },
    { slug: 'smart-home-starter', title: 'Smart home starter', products: take(products.filter((p) => p.tags.includes('smart-home')), 12) },
  ];
  const flashPool = inStock.filter((p) => !p.variants.length && (p.category === 'chargers-adapters' || p.category === 'power-banks' || p.category === 'cables' || p.category === 'audio'));
  const flashRunning = rng.sample(flashPool, 16).map((p) => ({ slug: p.slug, price: Math.min(currentPrice(p) - 100, priceCents((currentPrice(p) / 100) * 0.75)) }));
  const runningSlugs = new Set(flashRunning.map((f) => f.slug));
  const flashUpcoming = rng.sample(inStock.filter((p) => !runningSlugs.has(p.slug) && !p.variants.length), 8)
    .map((p) => ({ slug: p.slug, price: Math.min(currentPrice(p) - 100, priceCents((currentPrice(p) / 100) * 0.8)) }));
  const flashSales = [
    { slug: 'weekend-power-flash-sale', title: 'Power flash sale: chargers, cables and audio', image: bannerImage('flash-sale'), startDays: -1, endDays: 30, products: flashRunning },
    { slug: 'winter-toys-flash-sale', title: 'Winter toys flash sale', image: bannerImage('flash-sale-toys'), startDays: 7, endDays: 14, products: flashUpcoming },
  ];
  const pick = (cat: string, n: number) => take(products.filter((p) => p.category === cat), n);
  const banners: DemoBanner[] = [
    { type: 1, title: 'Charge everything from one socket', subtitle: '65 W and 100 W GaN chargers', image: bannerImage('slide-gan'), slug: 'gan-chargers', source: { type: 2, subCategories: ['gan-chargers', 'wall-chargers'] }, closable: false },
    { type: 1, title: 'Power for the whole trip', subtitle: 'Power banks from $19', image: bannerImage('slide-power-banks'), slug: 'power-banks', source: { type: 1, categories: ['power-banks'] }, closable: false },
    { type: 1, title: 'All aboard!', subtitle: 'Toy trains and RC cars for every age', image: bannerImage('slide-toys'), slug: 'toys-and-trains', source: { type: 1, categories: ['toys-rc'] }, closable: false },
    { type: 1, title: 'Know your numbers', subtitle: 'Smart scales that sync everywhere', image: bannerImage('slide-scales'), slug: 'smart-scales', source: { type: 2, subCategories: ['smart-scales'] }, closable: false },
    { type: 2, title: 'Fast charging deals', subtitle: 'PD and PPS chargers', image: bannerImage('fast-charging'), slug: 'fast-charging-deals', source: { type: 3, tags: ['fast-charging', 'gan'] }, closable: false },
    { type: 2, title: 'Cables that last', subtitle: 'Braided, e-marked, tested', image: bannerImage('cables'), slug: 'cables-that-last', source: { type: 1, categories: ['cables'] }, closable: false },
    { type: 3, title: 'Featured brands', subtitle: 'Voltra, Amplex and Kinetiq', image: bannerImage('brands'), slug: 'featured-brands', source: { type: 4, brands: ['voltra', 'amplex', 'kinetiq'] }, closable: false },
    { type: 4, title: 'Sound on the move', subtitle: 'Earbuds and speakers', image: bannerImage('audio'), slug: 'summer-sound', source: { type: 2, subCategories: ['earbuds', 'bluetooth-speakers'] }, closable: false },
    { type: 5, title: 'Editor’s picks', subtitle: 'Chosen by our team this month', image: bannerImage('editors-picks'), slug: 'editors-picks', source: { type: 5, products: [...pick('chargers-adapters', 3), ...pick('audio', 2), ...pick('toys-rc', 3)] }, closable: false },
    { type: 6, title: 'Summer deals', subtitle: 'Outdoor speakers, solar banks and torches', image: bannerImage('summer-deals'), slug: 'summer-deals', source: { type: 3, tags: ['outdoor'] }, closable: false },
    { type: 7, title: 'Become a seller', subtitle: 'Open your store on Voltmart', image: bannerImage('seller'), slug: 'become-a-seller', source: { type: 6, url: '/seller/register' }, closable: true },
    { type: 8, title: 'Smart home starter kit', subtitle: 'Plugs, bulbs and sensors', image: bannerImage('smart-home'), slug: 'smart-home-starter', source: { type: 3, tags: ['smart-home'] }, closable: false },
    { type: 9, title: 'Flash sale is on', subtitle: 'Ends soon', image: bannerImage('flash-sale'), slug: 'flash-sale', source: { type: 6, url: '/flash-sale' }, closable: true },
  ];
  return { collections, flashSales, banners, vouchers: VOUCHERS };
}

/** Vouchers: global and per-store, flat cents (1) and percent (2); days relative to now. */
export const VOUCHERS = [
  { code: 'WELCOME5', title: '$5 off your first order', store: null, priceType: 1, amount: 500, minSpend: 2500, maxDiscount: 0, usageLimit: 0, startDays: -60, endDays: 365 },
  { code: 'VOLT10', title: '10% off orders over $50', store: null, priceType: 2, amount: 10, minSpend: 5000, maxDiscount: 2000, usageLimit: 1000, startDays: -10, endDays: 60 },
  { code: 'CHARGE15', title: '15% off at Volt Depot', store: 'volt-depot', priceType: 2, amount: 15, minSpend: 4000, maxDiscount: 1500, usageLimit: 500, startDays: -5, endDays: 45 },
  { code: 'CABLES3', title: '$3 off cables over $15', store: 'cable-corner', priceType: 1, amount: 300, minSpend: 1500, maxDiscount: 0, usageLimit: 0, startDays: -30, endDays: 90 },
  { code: 'TRAINS20', title: '$20 off toy orders over $100', store: 'tinker-trains', priceType: 1, amount: 2000, minSpend: 10000, maxDiscount: 0, usageLimit: 200, startDays: -2, endDays: 40 },
  { code: 'SOUND12', title: '12% off audio', store: 'soundwave', priceType: 2, amount: 12, minSpend: 3000, maxDiscount: 2500, usageLimit: 0, startDays: 5, endDays: 35 },
  { code: 'SUMMER25', title: 'Summer sale (ended)', store: null, priceType: 2, amount: 25, minSpend: 5000, maxDiscount: 3000, usageLimit: 0, startDays: -150, endDays: -90 },
];

/** Bundle deals per store; a share of each store's products carries one. */
export const BUNDLES = [
  { store: 'volt-depot', title: 'Buy 2 get 1 free', buy: 2, free: 1 },
  { store: 'cable-corner', title: 'Buy 3 cables, get 1 free', buy: 3, free: 1 },
  { store: 'tinker-trains', title: 'Buy 2 get 1 free', buy: 2, free: 1 },
  { store: 'deskpro', title: 'Buy 4 get 1 free', buy: 4, free: 1 },
];
