import { localizedPath, NOT_A_PAGE } from '@/lib/locale-path';

/**
 * Every storefront URL is built here, so pages, islands, the API, the sitemap and JSON-LD agree.
 * The spec's `/{main}/…` routes accept any first segment; we always emit `products`.
 *
 * Links keep the page's language (prefix-except-default, decision 0020): every helper below goes
 * through `localHref`, which prefixes the path with the language of the page being rendered (`/cart` →
 * `/ar/cart` on an Arabic page, unchanged on an English one). On the server the middleware tells it the
 * request's language (`src/server/web/link-language.ts`, per request); in the browser it reads
 * `<html lang data-default-lang>`. A literal path in a page is written `localHref('/user/orders')`.
 */

/** The language links are written in, and the default (unprefixed) one. */
export interface LinkLanguage {
  lang: string;
  defaultLang: string;
}

/** In the browser: the page's `<html lang data-default-lang>` (Base.astro writes both). */
function documentLanguage(): LinkLanguage | null {
  if (typeof document === 'undefined') return null;
  const html = document.documentElement;
  const defaultLang = html.dataset.defaultLang;
  return defaultLang && html.lang ? { lang: html.lang, defaultLang } : null;
}

let linkLanguage: () => LinkLanguage | null = documentLanguage;

/** Where the server's current request language comes from (set once by src/server/web/link-language.ts). */
export function setLinkLanguageSource(source: () => LinkLanguage | null): void {
  linkLanguage = () => source() ?? documentLanguage();
}

/**
 * `path` (same-site, starting with `/`) in the language of the page being rendered: `/ar/cart` on an
 * Arabic page, `/cart` in the default language. Anything else (another site, `#top`, the API, an upload,
 * a path already in this language) comes back as it is.
 */
export function localHref(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const language = linkLanguage();
  if (!language || language.lang === language.defaultLang) return path;
  const pathname = path.split(/[?#]/, 1)[0]!;
  if (NOT_A_PAGE.test(pathname)) return path;
  const prefix = `/${language.lang}`;
  if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return path;
  return localizedPath(path, language.lang, language.defaultLang);
}
export const MAIN = 'products';
/** Whether a `[main]` route segment is the one the shop uses; others answer 404. */
export const isMainSegment = (segment: string | undefined) => segment === MAIN;

export const productUrl = (p: { slug: string }) => localHref(`/${MAIN}/product/${encodeURIComponent(p.slug)}`);
export const categoryUrl = (c: { slug: string }) => localHref(`/all/${encodeURIComponent(c.slug)}`);
export const subCategoryUrl = (c: { slug: string }, s: { slug: string }) =>
  localHref(`/all/${encodeURIComponent(c.slug)}/${encodeURIComponent(s.slug)}`);
export const brandUrl = (b: { id: number }) => localHref(`/${MAIN}/brand?brand=${b.id}`);
export const collectionUrl = (c: { id: number }) => localHref(`/${MAIN}/collection?collection=${c.id}`);
/** A banner or other source listing: `/{main}/products?{source_name}={id}` (source types 1–6). */
export const sourceUrl = (sourceName: string, value: string | number) =>
  localHref(`/${MAIN}/products?${encodeURIComponent(sourceName)}=${encodeURIComponent(String(value))}`);
export const flashSaleUrl = (f?: { id: number }) => localHref(f ? `/flash-sale/${f.id}` : '/flash-sale');
export const storeUrl = (s: { slug: string }) => localHref(`/shop/${encodeURIComponent(s.slug)}`);
export const pageUrl = (slug: string) => localHref(`/page/${encodeURIComponent(slug)}`);
export const searchUrl = (q: string) => localHref(`/search?q=${encodeURIComponent(q)}`);

// Fixed routes the shell links to (added by the shell; every area may use them).
export const homeUrl = () => localHref('/');
export const discoverUrl = () => localHref(`/discover/${MAIN}`);
export const categoriesUrl = () => localHref('/categories');
export const brandsUrl = () => localHref('/brands');
export const cartUrl = () => localHref('/cart');
export const loginUrl = () => localHref('/login');
export const registerUrl = () => localHref('/register');
export const sellerRegisterUrl = () => localHref('/seller/register');
export const trackOrderUrl = () => localHref('/track-order');
export const blogUrl = () => localHref('/blog');
export const blogPostUrl = (p: { slug: string }) => localHref(`/blog/${encodeURIComponent(p.slug)}`);
export const blogCategoryUrl = (category: string) => localHref(`/blog?category=${encodeURIComponent(category)}`);
export const blogFeedUrl = () => localHref('/blog/feed.xml');
export const storesUrl = () => localHref('/stores');
export const siteMapUrl = () => localHref('/site-map');
/** The account area: `/user/{section}` (profile, addresses, vouchers, orders, wishlists, compared, following). */
export const userUrl = (section: 'profile' | 'addresses' | 'vouchers' | 'orders' | 'wishlists' | 'compared' | 'following') =>
  localHref(`/user/${section}`);
export const logoutAction = () => '/api/v1/user/logout';
