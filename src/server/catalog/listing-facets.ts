import { listBrands, listCategoryTree, type CategoryItem } from '@/server/catalog/taxonomy';
import { listCollections, listShippingRules, type CollectionItem, type ShippingRuleItem } from '@/server/catalog/collections';
import { memoFor } from '@/server/core/memo';

/** The lists every listing response carries beside its products (the spec's section 3). */
export interface ListingFacets {
  all_categories: CategoryItem[];
  collections: CollectionItem[];
  brands: Awaited<ReturnType<typeof listBrands>>;
  shipping_rules: ShippingRuleItem[];
}

// Taxonomy changes rarely and every listing and the mega menu reads it: each process keeps it for a
// few seconds (like settings), so a burst of listing requests costs one product query each.
const facetsMemo = memoFor(10_000, () =>
  Promise.all([listCategoryTree(), listCollections(), listBrands(), listShippingRules()]).then(
    ([all_categories, collections, brands, shipping_rules]): ListingFacets => ({ all_categories, collections, brands, shipping_rules }),
  ),
);

/** Categories (tree), collections, brands and shipping rules, cached per process for a few seconds. */
export function getListingFacets(): Promise<ListingFacets> {
  return facetsMemo.get();
}

/** Forgets the cached lists (tests, after an admin change). */
export function clearListingFacets(): void {
  facetsMemo.clear();
}
