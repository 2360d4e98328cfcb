import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The language catalogue data is read in for the request being answered (decision 0033): the middleware runs
 * every request (pages and the API) inside `withCatalogLanguage`, and the catalogue's reads ask
 * `catalogLanguage()` — as links ask the link language (decision 0020) — so no listing, card or search
 * function has to pass the language along. Outside a request (scripts, the sitemap's own loop, tests that
 * do not set it) catalogue data is read in the default language.
 */
export interface CatalogLanguage {
  lang: string;
  defaultLang: string;
}

const current = new AsyncLocalStorage<CatalogLanguage>();

export const withCatalogLanguage = <T>(language: CatalogLanguage, run: () => T): T => current.run(language, run);

/** The language to read translations in, or null for the default language (nothing to read beyond the rows). */
export function catalogLanguage(): string | null {
  const l = current.getStore();
  return l && l.lang !== l.defaultLang ? l.lang : null;
}
