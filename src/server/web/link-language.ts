import { AsyncLocalStorage } from 'node:async_hooks';
import { localHref, setLinkLanguageSource, type LinkLanguage } from '@/lib/urls';
import { splitLocalePrefix } from '@/lib/locale-path';

/**
 * The language the links of the page being rendered are written in (decision 0020): the middleware runs
 * each page's rendering inside `withLinkLanguage`, and every `localHref` (all of src/lib/urls.ts) reads it,
 * so `/cart` comes out `/ar/cart` on an Arabic page with no page passing the language around.
 */
const current = new AsyncLocalStorage<LinkLanguage>();
setLinkLanguageSource(() => current.getStore() ?? null);

export const withLinkLanguage = <T>(language: LinkLanguage, run: () => T): T => current.run(language, run);

/**
 * A redirect target in the request's language (`/user/addresses` → `/ar/user/addresses` when the form was
 * posted from an Arabic page): a path that already names a language, the API or a file stays as it is.
 */
export function inRequestLanguage(locals: Pick<App.Locals, 'lang' | 'defaultLanguage' | 'languages'>, path: string): string {
  if (!locals.lang || !locals.languages) return path;
  const prefixes = locals.languages.map((l) => l.code).filter((c) => c !== locals.defaultLanguage);
  const pathname = path.split(/[?#]/, 1)[0]!;
  if (splitLocalePrefix(pathname, prefixes)) return path;
  return withLinkLanguage({ lang: locals.lang, defaultLang: locals.defaultLanguage }, () => localHref(path));
}
