import type { ListingFilters } from '@/lib/listing-filters';
import { browseListing, type ListingPage } from '@/server/catalog/listing';
import { getListingFacets, type ListingFacets } from '@/server/catalog/listing-facets';
import { listStoreVouchers, type StoreVoucher } from '@/server/vouchers/store-vouchers';
import { getStoreProfile, isFollowing, type StoreProfile } from '@/server/stores/store-page';

/** A store page's data: the store, its running vouchers, one page of its products (listing filters), and whether the reader follows it. */
export interface StoreResponse extends ListingFacets {
  store: StoreProfile;
  vouchers: StoreVoucher[];
  result: ListingPage;
  /** null for guests. */
  following: boolean | null;
}

/** Loads a store page for a reader (null for guests); NOT_FOUND for an unknown store. */
export async function getStoreResponse(slug: string, filters: ListingFilters, userId: number | null): Promise<StoreResponse> {
  const store = await getStoreProfile(slug);
  const [listing, facets, vouchers, following] = await Promise.all([
    browseListing(filters, { storeId: store.id }),
    getListingFacets(),
    listStoreVouchers(store.id),
    userId === null ? null : isFollowing(userId, store.id),
  ]);
  return { ...facets, store, vouchers, result: listing.result, following };
}
