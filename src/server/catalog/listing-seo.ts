import type { TFunction } from 'i18next';
import { pageHref } from '@/lib/listing-pages';
import type { ListingPage } from '@/server/catalog/listing';
import { breadcrumbJsonLd, canonicalUrl, itemListJsonLd, type Crumb } from '@/server/catalog/seo';
import { publicOrigin } from '@/server/core/origin';

export interface ListingSeo {
  title: string;
  description: string;
  canonical: string;
  origin: string;
  image: string | null;
  jsonLd: unknown[];
  prev: string | null;
  next: string | null;
}

/** Title, canonical URL, prev/next links and JSON-LD (BreadcrumbList + ItemList) of a listing page. */
export function listingSeo(input: {
  url: URL;
  t: TFunction;
  title: string;
  description: string;
  crumbs: Crumb[];
  result: ListingPage;
  keep?: Record<string, string>;
  image?: string | null;
}): ListingSeo {
  const { url, t, title, description, crumbs, result, keep = {} } = input;
  const origin = publicOrigin();
  const page = result.current_page;
  const pageTitle = page > 1 ? `${title} – ${t('catalog.pageN', { page })}` : title;
  return {
    title: pageTitle,
    description,
    canonical: canonicalUrl(origin, url.pathname, { ...keep, page }),
    origin,
    image: input.image ?? result.data[0]?.image ?? null,
    jsonLd: [breadcrumbJsonLd(origin, crumbs), itemListJsonLd(origin, title, result.data, (page - 1) * result.per_page + 1)],
    prev: page > 1 ? pageHref(url.pathname, url.searchParams, Math.min(page - 1, result.last_page)) : null,
    next: page < result.last_page ? pageHref(url.pathname, url.searchParams, page + 1) : null,
  };
}
