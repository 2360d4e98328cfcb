/**
 * The spec's prefix-except-default URLs: `/ar/cart` for Arabic, `/cart` for the default language.
 * One helper adds and strips the prefix, so the middleware, the switcher and hreflang links agree.
 */

/** `/cart?x=1` in `lang`: prefixed unless `lang` is the default language. */
export function localizedPath(path: string, lang: string, defaultLang: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === defaultLang) return clean;
  return clean === '/' ? `/${lang}` : `/${lang}${clean}`;
}

/** Splits `/ar/cart` into `{lang: 'ar', path: '/cart'}` when `ar` is one of `prefixes`; else null. */
export function splitLocalePrefix(pathname: string, prefixes: readonly string[]): { lang: string; path: string } | null {
  const match = /^\/([a-z]{2,3}(?:-[a-z0-9]{2,8})?)(\/.*)?$/i.exec(pathname);
  if (!match) return null;
  const lang = match[1]!.toLowerCase();
  if (!prefixes.includes(lang)) return null;
  return { lang, path: match[2] || '/' };
}
