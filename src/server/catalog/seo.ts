import { localHref, productUrl } from '@/lib/urls';
import type { ProductCard } from '@/server/catalog/product-card';

/** Keys that say *what* a listing is; filters, sorting and tracking params are noise for a canonical URL. */
const CANONICAL_KEYS = ['category_ids', 'sub_category_ids', 'tags', 'brand_ids', 'product_ids', 'brand', 'collection', 'page'];

/** Canonical URL of a listing: its path, the keys that define it, and the page when above 1. */
export function canonicalUrl(
  origin: string,
  path: string,
  params: URLSearchParams | Record<string, string | number | undefined> = {},
): string {
  const source = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  const q = new URLSearchParams();
  for (const key of CANONICAL_KEYS) {
    const value = source[key];
    if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) continue;
    q.set(key, String(value));
  }
  const query = q.toString();
  return `${origin}${path}${query ? `?${query}` : ''}`;
}

export interface Crumb {
  name: string;
  href: string;
}

/** schema.org BreadcrumbList for these crumbs. */
export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: `${origin}${localHref(c.href)}` })),
  };
}

/** schema.org ItemList of the products shown, numbered from the page's first position. */
export function itemListJsonLd(origin: string, name: string, cards: ProductCard[], firstPosition = 1) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: cards.length,
    itemListElement: cards.map((p, i) => ({
      '@type': 'ListItem',
      position: firstPosition + i,
      url: `${origin}${productUrl(p)}`,
      name: p.title,
    })),
  };
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" inside titles. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
