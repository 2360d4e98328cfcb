import { BUNDLES, buildPromotions } from '@/server/demo/data/promotions';
import { buildProducts, type DemoProduct } from '@/server/demo/data/products';
import { BRANDS, CATEGORIES, STORES } from '@/server/demo/data/taxonomy';
import { POSTS } from '@/server/demo/data/blog';
import { PAGES } from '@/server/demo/data/pages';
import { COUNTRIES, STATES } from '@/server/demo/data/locations';

/** Where each store ships: country, price in cents. Every store also ships to AF (the spec's default location). */
const SHIPPING: Record<string, [string, number][]> = {
  'volt-depot': [
    ['US', 499],
    ['CA', 999],
    ['GB', 1299],
    ['DE', 1299],
    ['AF', 1999],
    ['AU', 1499],
  ],
  'cable-corner': [
    ['GB', 299],
    ['US', 699],
    ['DE', 799],
    ['FR', 799],
    ['AF', 1499],
    ['CA', 899],
  ],
  homesense: [
    ['US', 599],
    ['CA', 899],
    ['GB', 1499],
    ['AF', 2499],
    ['MX', 1199],
  ],
  'tinker-trains': [
    ['DE', 499],
    ['GB', 899],
    ['US', 1299],
    ['FR', 699],
    ['AF', 1999],
    ['NL', 599],
  ],
  soundwave: [
    ['CA', 499],
    ['US', 699],
    ['GB', 1199],
    ['DE', 1199],
    ['AF', 1799],
  ],
  deskpro: [
    ['US', 399],
    ['CA', 799],
    ['GB', 1099],
    ['DE', 1099],
    ['AF', 1699],
    ['IN', 1299],
  ],
};

export interface ShippingPlan {
  store: string;
  title: string;
  shippingType: 1 | 2;
  defaultPrice: number;
  dayNeeded: string;
  places: { country: string; state: string | null; price: number; dayNeeded: string }[];
}

function shippingRules(): ShippingPlan[] {
  const rules: ShippingPlan[] = STORES.map((s) => ({
    store: s.slug,
    title: `${s.name} standard shipping`,
    shippingType: 1,
    defaultPrice: 0,
    dayNeeded: '3-7',
    places: (SHIPPING[s.slug] ?? []).map(([country, price]) => ({ country, state: null, price, dayNeeded: '3-7' })),
  }));
  for (const s of STORES.filter((x) => x.pickup)) {
    rules.push({
      store: s.slug,
      title: `Pickup at ${s.name}`,
      shippingType: 2,
      defaultPrice: 0,
      dayNeeded: '1-2',
      places: [{ country: 'US', state: 'TX', price: 0, dayNeeded: '1-2' }],
    });
  }
  return rules;
}

/** The whole demo shop as plain data: the same on every run, no ids, dates as offsets from now. */
export function buildDemoPlan() {
  const products: DemoProduct[] = buildProducts();
  const bundleStores = new Set(BUNDLES.map((b) => b.store));
  /** Slug → bundle store, for every 6th product of a store that runs a bundle deal. */
  const bundled = new Map(products.filter((p, i) => bundleStores.has(p.store) && i % 6 === 2).map((p) => [p.slug, p.store]));
  const tags = [...new Set(products.flatMap((p) => p.tags))].sort();
  return {
    countries: COUNTRIES,
    states: STATES,
    categories: CATEGORIES,
    brands: BRANDS,
    stores: STORES,
    shippingRules: shippingRules(),
    bundles: BUNDLES,
    bundled,
    tags,
    products,
    ...buildPromotions(products),
    posts: POSTS,
    pages: PAGES,
  };
}

export type DemoPlan = ReturnType<typeof buildDemoPlan>;

let cached: DemoPlan | undefined;
/** The plan, built once per process. */
export function getDemoPlan(): DemoPlan {
  cached ??= buildDemoPlan();
  return cached;
}
