import { getListingFacets, type ListingFacets } from '@/server/catalog/listing-facets';
import type { ListingContext } from '@/server/catalog/listing';
import { searchProducts, type SearchOutcome } from '@/server/search/results';
import type { SearchFilters } from '@/server/search/match-sql';

/** `api/v1/search`: the listing response (result, all_categories, collections, brands, shipping rules) and the search's own fields. */
export type SearchResponse = ListingContext & ListingFacets & SearchOutcome;

/** Search results with the lists every listing response carries. */
export async function getSearchResponse(text: string, f: SearchFilters): Promise<SearchResponse> {
  const [outcome, facets] = await Promise.all([searchProducts(text, f), getListingFacets()]);
  return { category: null, sub_category: null, brand: null, collection: null, ...facets, ...outcome };
}
