import { listBrands, listCategoryTree, type CategoryItem } from './taxonomy';
import { listCollections, listShippingRules, type CollectionItem, type ShippingRuleItem } from './collections';

/** The lists every listing response carries beside its products (the spec's section 3). */
export interface ListingFacets {
  all_categories: CategoryItem[];
  collections: CollectionItem[];
  brands: Awaited<ReturnType<typeof listBrands>>;
  shipping_rules: ShippingRuleItem[];
}

// Taxonomy changes rarely and every listing and the mega menu reads it: each process keeps it for a
// few seconds (like settings), so a burst of listing requests costs one product query each.
const TTL_MS = 10_000;
let cached: { at: number; value: Promise<ListingFacets> } | null = null;

/** Categories (tree), collections, brands and shipping rules, cached per process for a few seconds. */
export function getListingFacets(now = Date.now()): Promise<ListingFacets> {
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = Promise.all([listCategoryTree(), listCollections(), listBrands(), listShippingRules()]).then(
    ([all_categories, collections, brands, shipping_rules]) => ({ all_categories, collections, brands, shipping_rules }),
  );
  cached = { at: now, value };
  value.catch(() => (cached = null));
  return value;
}

/** Forgets the cached lists (tests, after an admin change). */
export function clearListingFacets(): void {
  cached = null;
}
