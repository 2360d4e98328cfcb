/**
 * Every storefront URL is built here, so pages, islands, the API, the sitemap and JSON-LD agree.
 * The spec's `/{main}/…` routes accept any first segment; we always emit `products`.
 */
export const MAIN = 'products';
/** Whether a `[main]` route segment is the one the shop uses; others answer 404. */
export const isMainSegment = (segment: string | undefined) => segment === MAIN;

export const productUrl = (p: { slug: string }) => `/${MAIN}/product/${encodeURIComponent(p.slug)}`;
export const categoryUrl = (c: { slug: string }) => `/all/${encodeURIComponent(c.slug)}`;
export const subCategoryUrl = (c: { slug: string }, s: { slug: string }) =>
  `/all/${encodeURIComponent(c.slug)}/${encodeURIComponent(s.slug)}`;
export const brandUrl = (b: { id: number }) => `/${MAIN}/brand?brand=${b.id}`;
export const collectionUrl = (c: { id: number }) => `/${MAIN}/collection?collection=${c.id}`;
/** A banner or other source listing: `/{main}/products?{source_name}={id}` (source types 1–6). */
export const sourceUrl = (sourceName: string, value: string | number) =>
  `/${MAIN}/products?${encodeURIComponent(sourceName)}=${encodeURIComponent(String(value))}`;
export const flashSaleUrl = (f?: { id: number }) => (f ? `/flash-sale/${f.id}` : '/flash-sale');
export const storeUrl = (s: { slug: string }) => `/shop/${encodeURIComponent(s.slug)}`;
export const pageUrl = (slug: string) => `/page/${encodeURIComponent(slug)}`;
export const searchUrl = (q: string) => `/search?q=${encodeURIComponent(q)}`;

// Fixed routes the shell links to (added by the shell; every area may use them).
export const homeUrl = () => '/';
export const discoverUrl = () => `/discover/${MAIN}`;
export const categoriesUrl = () => '/categories';
export const brandsUrl = () => '/brands';
export const cartUrl = () => '/cart';
export const loginUrl = () => '/login';
export const registerUrl = () => '/register';
export const sellerRegisterUrl = () => '/seller/register';
export const trackOrderUrl = () => '/track-order';
export const blogUrl = () => '/blog';
export const blogPostUrl = (p: { slug: string }) => `/blog/${encodeURIComponent(p.slug)}`;
export const blogCategoryUrl = (category: string) => `/blog?category=${encodeURIComponent(category)}`;
export const blogFeedUrl = () => '/blog/feed.xml';
export const storesUrl = () => '/stores';
export const siteMapUrl = () => '/site-map';
/** The account area: `/user/{section}` (profile, addresses, vouchers, orders, wishlists, compared, following). */
export const userUrl = (section: 'profile' | 'addresses' | 'vouchers' | 'orders' | 'wishlists' | 'compared' | 'following') =>
  `/user/${section}`;
export const logoutAction = () => '/api/v1/user/logout';
