import { parseWith } from '@/server/core/validation';
import { parseListingQuery } from '@/server/catalog/listing';
import { readListingQueryLeniently } from '@/lib/schemas/listing';
import {
  InStockSchema,
  MAX_SEARCH_CHARS,
  SearchSortSchema,
  SearchTextSchema,
  SuggestTextSchema,
  cleanSearchText,
} from '@/lib/schemas/search';
import type { SearchFilters } from '@/server/search/match-sql';

/** Search keys that are not listing keys. */
const OWN_KEYS = ['q', 'sort', 'in_stock'];
const listingPart = (params: URLSearchParams) => new URLSearchParams([...params].filter(([k]) => !OWN_KEYS.includes(k)));

/** Strict reading for `api/v1/search`: blank or over-long text and bad filters are VALIDATION errors. */
export function parseSearchQuery(params: URLSearchParams): { text: string; filters: SearchFilters } {
  const text = parseWith(SearchTextSchema, params.get('q') ?? '');
  const sort = params.get('sort')?.trim() ? parseWith(SearchSortSchema, params.get('sort')!.trim()) : 'relevance';
  const inStock = params.get('in_stock')?.trim() ? parseWith(InStockSchema, params.get('in_stock')!.trim()) : false;
  return { text, filters: { ...parseListingQuery(listingPart(params)), sort, inStock } };
}

/** `q` of `api/v1/suggestions`: blank is fine (no suggestions), over-long is a VALIDATION error. */
export const parseSuggestText = (params: URLSearchParams): string => parseWith(SuggestTextSchema, params.get('q') ?? '');

/** Lenient reading for the results page: over-long text is cut, each bad filter is left out and named. */
export function readSearchQuery(params: URLSearchParams): { text: string; filters: SearchFilters; ignored: string[] } {
  const { filters, ignored } = readListingQueryLeniently(listingPart(params));
  const sort = SearchSortSchema.safeParse(params.get('sort')?.trim() || 'relevance');
  const inStock = InStockSchema.safeParse(params.get('in_stock')?.trim() || '0');
  if (!sort.success) ignored.push('sort');
  if (!inStock.success) ignored.push('in_stock');
  const text = [...cleanSearchText(params.get('q'))].slice(0, MAX_SEARCH_CHARS).join('').trim();
  return { text, filters: { ...filters, sort: sort.success ? sort.data : 'relevance', inStock: inStock.success && inStock.data }, ignored };
}
