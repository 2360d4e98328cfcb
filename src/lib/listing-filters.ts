/**
 * Listing filters from a query string (pages and the API read the same keys). Pure and shared:
 * money typed by a person ("12.50") becomes integer cents without ever passing through a float.
 */
export const SORTS = ['newest', 'price_asc', 'price_desc', 'rating', 'popularity'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'newest';
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 60;
/** Deep offsets are slow and nobody pages that far; a page above this is refused. */
export const MAX_PAGE = 10_000;
/** Id of a listing's filter form; the sort select outside it joins it with form="…". */
export const FILTER_FORM_ID = 'listing-filters';

export interface ListingFilters {
  /** Current-price bounds in cents. */
  min?: number;
  max?: number;
  /** At least this many stars (1–5). */
  rating?: number;
  sort: Sort;
  page: number;
  perPage: number;
  category?: string;
  subCategory?: string;
  categoryIds?: number[];
  subCategoryIds?: number[];
  /** Tag ids or slugs (banners store slugs). */
  tags?: string[];
  brandIds?: number[];
  productIds?: number[];
  brand?: number;
  collection?: number;
}

/** Query keys of a source listing (`/{main}/products?{source_name}={id}`), by source type 1–5. */
export const SOURCE_KEYS = ['category_ids', 'sub_category_ids', 'tags', 'brand_ids', 'product_ids'] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];
export const SOURCE_KEY_BY_TYPE: Record<number, SourceKey> = {
  1: 'category_ids',
  2: 'sub_category_ids',
  3: 'tags',
  4: 'brand_ids',
  5: 'product_ids',
};

const MONEY = /^(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{0,2}))?$/;

/** "12.50" → 1250, "$7" → 700, "1,299.9" → 129990; null for anything else (negative, 3 decimals, words). */
export function parseMoney(text: string): number | null {
  const match = MONEY.exec(text.trim().replace(/^\$\s*/, ''));
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const value = whole * 100 + cents;
  return Number.isSafeInteger(value) ? value : null;
}

/** Cents back to what a person types in the price box: 1250 → "12.50", 700 → "7". */
export function formatMoneyInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** A query string as a plain object; repeated keys (checkboxes) join with commas, empty values drop. */
export function queryToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of params) {
    const value = raw.trim();
    if (value === '') continue;
    out[key] = out[key] ? `${out[key]},${value}` : value;
  }
  return out;
}

/** The query string of a listing URL for these filters (defaults left out), e.g. for page links. */
export function filtersToQuery(f: Partial<ListingFilters>, keep: Record<string, string> = {}): URLSearchParams {
  const q = new URLSearchParams(keep);
  const set = (k: string, v: string | number | undefined) => (v === undefined || v === '' ? q.delete(k) : q.set(k, String(v)));
  set('min', f.min === undefined ? undefined : formatMoneyInput(f.min));
  set('max', f.max === undefined ? undefined : formatMoneyInput(f.max));
  set('rating', f.rating);
  set('sort', f.sort && f.sort !== DEFAULT_SORT ? f.sort : undefined);
  set('per_page', f.perPage && f.perPage !== DEFAULT_PER_PAGE ? f.perPage : undefined);
  set('page', f.page && f.page > 1 ? f.page : undefined);
  return q;
}

/** The keys that define a source, brand or collection listing, as query values (kept by forms and canonical URLs). */
export function scopeQuery(f: ListingFilters): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, v: (string | number)[] | number | undefined) => {
    if (Array.isArray(v) ? v.length : v !== undefined) out[key] = Array.isArray(v) ? v.join(',') : String(v);
  };
  put('category_ids', f.categoryIds);
  put('sub_category_ids', f.subCategoryIds);
  put('tags', f.tags);
  put('brand_ids', f.brandIds);
  put('product_ids', f.productIds);
  put('brand', f.brand);
  put('collection', f.collection);
  return out;
}

/** Filters with every scope key removed (discovery browses the whole shop). */
export const withoutScope = (f: ListingFilters): ListingFilters => ({
  ...f,
  category: undefined,
  subCategory: undefined,
  categoryIds: undefined,
  subCategoryIds: undefined,
  tags: undefined,
  brandIds: undefined,
  productIds: undefined,
  brand: undefined,
  collection: undefined,
});

/** Filters of a source listing: only the five source keys narrow it (brand, collection and category pages have their own routes). */
export const sourceQueryOnly = (f: ListingFilters): ListingFilters => ({
  ...withoutScope(f),
  categoryIds: f.categoryIds,
  subCategoryIds: f.subCategoryIds,
  tags: f.tags,
  brandIds: f.brandIds,
  productIds: f.productIds,
});
