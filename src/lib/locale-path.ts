/**
 * The spec's prefix-except-default URLs: `/ar/cart` for Arabic, `/cart` for the default language.
 * One helper adds and strips the prefix, so the middleware, the switcher and hreflang links agree.
 */

/** `/cart?x=1` in `lang`: prefixed unless `lang` is the default language. */
export function localizedPath(path: string, lang: string, defaultLang: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === defaultLang) return clean;
  // The home page in a language is `/ar` (with its query: `/ar?x=1`), never `/ar/`.
  return clean === '/' || /^\/[?#]/.test(clean) ? `/${lang}${clean.slice(1)}` : `/${lang}${clean}`;
}

/** Splits `/ar/cart` into `{lang: 'ar', path: '/cart'}` when `ar` is one of `prefixes`; else null. */
export function splitLocalePrefix(pathname: string, prefixes: readonly string[]): { lang: string; path: string } | null {
  const match = /^\/([a-z]{2,3}(?:-[a-z0-9]{2,8})?)(\/.*)?$/i.exec(pathname);
  if (!match) return null;
  const lang = match[1]!.toLowerCase();
  if (!prefixes.includes(lang)) return null;
  return { lang, path: match[2] || '/' };
}

/** What decides whether an unprefixed page is sent to its language's prefix (see `languageRedirect`). */
export interface LanguageRedirectInput {
  method: string;
  pathname: string;
  search: string;
  /** The request's Accept header: only a browser's page navigation (`text/html`) is redirected. */
  accept: string | null;
  /** The language the shopper chose (the `currentLanguage` cookie, else `i18n_redirected`). */
  cookie: string | null | undefined;
  /** The languages that have a prefix (every active language but the default). */
  prefixes: readonly string[];
}

/** Paths that are never a page in a language: the API, uploads, the build's assets, files by their extension. */
export const NOT_A_PAGE =
  /^\/(?:api|uploads|_astro|_image|brand|test-only)(?:\/|$)|\.(?:xml|txt|svg|png|jpe?g|webp|avif|gif|ico|css|m?js|json|webmanifest|pdf|csv)$/i;

/**
 * Where another site sends the browser back (OAuth, payment gateways): answered where they are, since the
 * social sign-in's cookie lives on `/social-callback` only; they render in the cookie's language anyway.
 */
const RETURNS = /^\/(?:social-callback|payment-return|razorpay-callback)(?:\/|$)/;

/**
 * The spec's `i18n_redirected` behaviour: a shopper whose cookie names a prefixed language and who opens
 * an unprefixed page (`/`, `/all/chargers?page=2`) is sent to it in that language (`/ar`,
 * `/ar/all/chargers?page=2`). Only GET/HEAD page navigations; never the API, files or the returns from
 * OAuth and payment gateways; never a prefixed
 * path (so no loop); English (the default) keeps the unprefixed URLs, and the switcher rewrites the cookie
 * before it goes back, so choosing English again stays in English. Returns the target or null.
 */
export function languageRedirect(input: LanguageRedirectInput): string | null {
  const method = input.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (!(input.accept ?? '').includes('text/html')) return null;
  const lang = input.cookie?.trim().toLowerCase();
  if (!lang || !input.prefixes.includes(lang)) return null;
  if (NOT_A_PAGE.test(input.pathname) || RETURNS.test(input.pathname) || splitLocalePrefix(input.pathname, input.prefixes)) return null;
  return localizedPath(input.pathname, lang, '') + input.search;
}
