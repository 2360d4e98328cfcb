import { z } from 'zod';
import { SORTS, type Sort } from '@/lib/listing-filters';

/** Longest search text read; the API refuses more, pages search the first this many characters. */
export const MAX_SEARCH_CHARS = 200;

/** Results are ranked by relevance unless a listing sort is chosen. */
export const SEARCH_SORTS = ['relevance', ...SORTS] as const;
export type SearchSort = 'relevance' | Sort;

/** Search text as typed: control characters out, whitespace collapsed, trimmed. */
export function cleanSearchText(raw: string | null | undefined): string {
  return (raw ?? '')
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const text = z
  .string()
  .transform(cleanSearchText)
  .pipe(z.string().max(MAX_SEARCH_CHARS, `Search text must be at most ${MAX_SEARCH_CHARS} characters.`));

/** `q` of `api/v1/search`: something to look for. */
export const SearchTextSchema = text.pipe(z.string().min(1, 'Type what you are looking for.'));
/** `q` of `api/v1/suggestions`: blank gives empty suggestions. */
export const SuggestTextSchema = text;

export const SearchSortSchema = z.enum(SEARCH_SORTS, { error: `Sort must be one of: ${SEARCH_SORTS.join(', ')}.` });
/** `in_stock=1` keeps only products in stock. */
export const InStockSchema = z
  .enum(['1', 'true', '0', 'false'], { error: 'in_stock must be 1 or 0.' })
  .transform((v) => v === '1' || v === 'true');
