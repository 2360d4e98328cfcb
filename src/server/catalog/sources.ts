import { SOURCE_KEY_BY_TYPE } from '@/lib/listing-filters';
import { homeUrl, localHref, sourceUrl } from '@/lib/urls';

/** Where a banner or other source leads: type 6 is its own url, types 1–5 a source listing. */
export function sourceHref(sourceType: number, sourceValue: string): string {
  // The operator's own path keeps the page's language (`/page/x` → `/ar/page/x`); another site's address stays.
  if (sourceType === 6) return localHref(safeUrl(sourceValue));
  const key = SOURCE_KEY_BY_TYPE[sourceType];
  return key && sourceValue ? sourceUrl(key, sourceValue) : homeUrl();
}

/** Where the top or popup banner leads: the listing of its source, or its own link (the home page without one). */
export function noticeHref(notice: { source_type: number; source_value: string; url: string }): string {
  return notice.source_type !== 6 && notice.source_value
    ? sourceHref(notice.source_type, notice.source_value)
    : localHref(notice.url || '/');
}

// Stored urls are followed from the shop's own pages: only http(s) or same-site paths, never javascript:.
function safeUrl(value: string): string {
  const v = value.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  return /^https?:\/\//i.test(v) ? v : '/';
}
