import { localHref } from '@/lib/urls';
/** Page numbers to show around the current one: first, last, neighbours; null marks a gap. */
export function pageWindow(current: number, last: number, around = 1): (number | null)[] {
  const keep = new Set<number>([1, last]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= last) keep.add(p);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

/** A listing URL for a page: the current query with `page` replaced (page 1 drops it) and empty fields left out. */
export function pageHref(path: string, params: URLSearchParams, page: number): string {
  const q = new URLSearchParams([...params].filter(([, v]) => v.trim() !== ''));
  if (page > 1) q.set('page', String(page));
  else q.delete('page');
  const query = q.toString();
  return localHref(query ? `${path}?${query}` : path);
}

/**
 * A page number past the last page of a listing that has products ("page 99 of 2"). Such a page answers
 * 404 (the address names a page that does not exist, and search engines must not keep it) with a
 * body that says so and links to the last page.
 */
export const pastLastPage = (r: { current_page: number; last_page: number; total: number }) => r.total > 0 && r.current_page > r.last_page;
