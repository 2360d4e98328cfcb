import { SOURCE_KEY_BY_TYPE } from '@/lib/listing-filters';
import { sourceUrl } from '@/lib/urls';

/** Where a banner or other source leads: type 6 is its own url, types 1–5 a source listing. */
export function sourceHref(sourceType: number, sourceValue: string): string {
  if (sourceType === 6) return safeUrl(sourceValue);
  const key = SOURCE_KEY_BY_TYPE[sourceType];
  return key && sourceValue ? sourceUrl(key, sourceValue) : '/';
}

// Stored urls are followed from the shop's own pages: only http(s) or same-site paths, never javascript:.
function safeUrl(value: string): string {
  const v = value.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  return /^https?:\/\//i.test(v) ? v : '/';
}
