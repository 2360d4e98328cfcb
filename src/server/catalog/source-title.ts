import type { ListingFilters } from '@/lib/listing-filters';
import type { ListingFacets } from '@/server/catalog/listing-facets';

/**
 * A heading for a source listing (`/{main}/products?category_ids=…`) from the names it points to:
 * "Power Banks", "GaN Chargers & Wall Chargers", "Voltra, Amplex & Kinetiq". Null when nothing is named
 * (product lists, unknown ids): the page then uses its generic title.
 */
export function nameSourceListing(f: ListingFilters, facets: Pick<ListingFacets, 'all_categories' | 'brands'>): string | null {
  const subs = facets.all_categories.flatMap((c) => c.child);
  const pick = <T extends { id: number; title: string }>(ids: number[] | undefined, list: T[]) =>
    (ids ?? []).map((id) => list.find((x) => x.id === id)?.title).filter((t): t is string => Boolean(t));
  const names = [
    ...pick(f.categoryIds, facets.all_categories),
    ...pick(f.subCategoryIds, subs),
    ...pick(f.brandIds, facets.brands),
    ...(f.tags ?? []).filter((t) => !/^\d+$/.test(t)).map(tagName),
  ];
  if (!names.length || f.productIds?.length) return null;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`;
}

const TAG_NAMES: Record<string, string> = { 'usb-c': 'USB-C', gan: 'GaN', rgb: 'RGB', stem: 'STEM', rc: 'RC' };
/** "fast-charging" → "Fast charging". */
const tagName = (slug: string) => TAG_NAMES[slug] ?? slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');
