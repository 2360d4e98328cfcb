/** Pure helpers of the shell, shared by server components, browser scripts and tests. */

/** The spec's Account label: the first word of the person's name. */
export function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** A notice the browser may have dismissed: name and version (a new version shows it again). */
export interface Notice {
  name: 'top-banner' | 'popup' | 'cookie';
  version: string;
}

/** localStorage key remembering that a notice (at this version) was dismissed. */
const versionOf = (n: Notice) => n.version.replace(/\s+/g, '');
export const dismissKey = (n: Notice) => `voltmart:dismissed:${n.name}:${versionOf(n)}`;

/** `<html data-notices>`: the notices this page may show, read by the boot script. */
export const encodeNotices = (list: Notice[]) => list.map((n) => `${n.name}:${versionOf(n)}`).join(' ');

/** Whether the search form should navigate: not for blank text, nor for the search already shown. */
export function shouldSearch(text: string, location: { pathname: string; search: string }): boolean {
  const q = text.trim();
  if (!q) return false;
  // `/search`, or `/ar/search` in another language.
  if (!/^(?:\/[a-z]{2,3}(?:-[a-z0-9]{2,8})?)?\/search$/i.test(location.pathname)) return true;
  return new URLSearchParams(location.search).get('q')?.trim() !== q;
}

/** Reads one cookie from `document.cookie`-style text. */
export function readCookie(cookieText: string, name: string): string | null {
  for (const part of cookieText.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The cart badge: a whole number of items, or null when there is nothing to show. */
export function cartCountOf(raw: string | null | undefined): number | null {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 999) : null;
}
