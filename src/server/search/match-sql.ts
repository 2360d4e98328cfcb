import { and, desc, gt, sql, type SQL } from 'drizzle-orm';
import { products } from '@/server/db/schema';
import type { ListingFilters } from '@/lib/listing-filters';
import type { SearchSort } from '@/lib/schemas/search';
import { listingConditions, listingOrder, type FlashJoin, type VariantJoin } from '@/server/catalog/listing-sql';

/** The search filters: a listing's filters, a relevance sort and "in stock only". */
export interface SearchFilters extends Omit<ListingFilters, 'sort'> {
  sort: SearchSort;
  inStock?: boolean;
}

/** Filters as the listing SQL reads them (relevance is not a listing sort). */
export const asListing = (f: SearchFilters): ListingFilters => ({ ...f, sort: f.sort === 'relevance' ? 'newest' : f.sort });

/** The same filters without the facet choices (category, subcategory, brand), for counting facets. */
export const withoutFacets = (f: SearchFilters): SearchFilters => ({
  ...f,
  categoryIds: undefined,
  subCategoryIds: undefined,
  brandIds: undefined,
});

export const hasFacetChoice = (f: SearchFilters) => Boolean(f.categoryIds?.length || f.subCategoryIds?.length || f.brandIds?.length);

/** WHERE of a search: the document matches the query, plus every listing filter and in-stock. */
export function searchConditions(query: SQL, f: SearchFilters, fp: FlashJoin, vp: VariantJoin): { where: SQL; needsFlash: boolean } {
  const listing = listingConditions(asListing(f), {}, fp, vp);
  const where = and(sql`${products.searchVector} @@ (${query})`, listing.where, f.inStock ? gt(products.stock, 0) : undefined)!;
  return { where, needsFlash: listing.needsFlash };
}

/** Best sellers first: walks the partial index products_popularity_idx, so the first matches come cheap. */
export const popularityOrder = (): SQL[] => [desc(products.soldCount), desc(products.viewCount), desc(products.id)];

/**
 * Relevance among candidates: a title that is exactly the text first, then the weighted rank (title A,
 * brand and categories B, tags C, description and specs D; normalised by document length), then best
 * sellers; ties end on the id so pages never overlap.
 */
export function relevanceOrder(query: SQL, text: string): SQL[] {
  return [sql`(${exactTitle(text)}) desc`, sql`${relevanceRank(query)} desc`, ...popularityOrder()];
}

/** Relevance's first key: the title is exactly the text. */
export const exactTitle = (text: string): SQL => sql`lower(${products.title}) = ${text.toLowerCase()}`;
/** Relevance's second key: the weighted rank, normalised by the document's length. */
export const relevanceRank = (query: SQL): SQL => sql`ts_rank(${products.searchVector}, (${query}), 1)`;

/** ORDER BY of a listing sort chosen on a search. */
export const sortOrder = (f: SearchFilters, fp: FlashJoin, vp: VariantJoin): SQL[] =>
  f.sort === 'relevance' ? popularityOrder() : listingOrder(f.sort, fp, vp);
