import type { ListingFilters } from '@/lib/listing-filters';
import { browseListing, type ListingContext, type ListingPage } from '@/server/catalog/listing';
import { getListingFacets, type ListingFacets } from '@/server/catalog/listing-facets';

/** The spec's "Product listing response": result, all_categories, category, collections, brands, shipping rules. */
export type ListingResponse = ListingContext & ListingFacets & { result: ListingPage };

/** A listing with the lists that go beside it (the facets are cached per process for a few seconds). */
export async function getListingResponse(f: ListingFilters): Promise<ListingResponse> {
  const [listing, facets] = await Promise.all([browseListing(f), getListingFacets()]);
  return { ...listing, ...facets };
}
