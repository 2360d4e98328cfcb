import { listBrands, listCategoryTree, type CategoryItem } from '@/server/catalog/taxonomy';
import { listCollections, listShippingRules, type CollectionItem, type ShippingRuleItem } from '@/server/catalog/collections';
import { memoFor, type Memo } from '@/server/core/memo';
import { catalogLanguage } from '@/server/i18n/catalog-language';

/** The lists every listing response carries beside its products (the spec's section 3). */
export interface ListingFacets {
  all_categories: CategoryItem[];
  collections: CollectionItem[];
  brands: Awaited<ReturnType<typeof listBrands>>;
  shipping_rules: ShippingRuleItem[];
}

// Taxonomy changes rarely and every listing and the mega menu reads it: each process keeps it for a
// few seconds (like settings), so a burst of listing requests costs one product query each. Kept per
// language: the names are the request's (decision 0033).
const facetsMemo = new Map<string, Memo<ListingFacets>>();
const facetsIn = (lang: string) => {
  let memo = facetsMemo.get(lang);
  if (!memo) {
    memo = memoFor(10_000, () =>
      Promise.all([listCategoryTree(), listCollections(), listBrands(), listShippingRules()]).then(
        ([all_categories, collections, brands, shipping_rules]): ListingFacets => ({ all_categories, collections, brands, shipping_rules }),
      ),
    );
    facetsMemo.set(lang, memo);
  }
  return memo;
};

/** Categories (tree), collections, brands and shipping rules, cached per process and language for a few seconds. */
export function getListingFacets(): Promise<ListingFacets> {
  return facetsIn(catalogLanguage() ?? '').get();
}

/** Forgets the cached lists (tests, after an admin change). */
export function clearListingFacets(): void {
  for (const memo of facetsMemo.values()) memo.clear();
}
