import { localHref } from '@/lib/urls';
/** Parts of a suggestion's text, the ones matching what was typed marked (the popup bolds them). */
export interface Part {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Marks, in `title`, the start of every word that begins with a typed word ("char" in "Wall Charger"),
 * ignoring case. Pure: shared by the popup and its tests.
 */
export function highlightParts(title: string, typed: string): Part[] {
  const words = [...new Set((typed.toLowerCase().match(WORD) ?? []).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!words.length) return [{ text: title, match: false }];
  const marks: [number, number][] = [];
  for (const m of title.matchAll(WORD)) {
    const lower = m[0].toLowerCase();
    const hit = words.find((w) => lower.startsWith(w));
    if (hit) marks.push([m.index, m.index + hit.length]);
  }
  const parts: Part[] = [];
  let at = 0;
  for (const [from, to] of marks) {
    if (from > at) parts.push({ text: title.slice(at, from), match: false });
    parts.push({ text: title.slice(from, to), match: true });
    at = to;
  }
  if (at < title.length) parts.push({ text: title.slice(at), match: false });
  return parts;
}

/** Where a popup choice leads: keywords and categories to the search route, products to their page. */
export function suggestionHref(kind: 'keyword' | 'category' | 'sub_category', typed: string, value: string | number): string {
  const q = new URLSearchParams({ q: kind === 'keyword' ? String(value) : typed });
  if (kind === 'category') q.set('category_ids', String(value));
  if (kind === 'sub_category') q.set('sub_category_ids', String(value));
  return localHref(`/search?${q.toString()}`);
}
