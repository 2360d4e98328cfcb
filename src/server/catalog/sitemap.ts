import { and, asc, count, eq, gt, lte } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { blogPosts, brands, collections, flashSales, products, staticPages, stores } from '@/server/db/schema';
import {
  blogPostUrl,
  blogUrl,
  brandUrl,
  categoryUrl,
  collectionUrl,
  flashSaleUrl,
  pageUrl,
  productUrl,
  storeUrl,
  storesUrl,
  subCategoryUrl,
} from '@/lib/urls';
import { listCategoryTree } from '@/server/catalog/taxonomy';
import { localizedPath } from '@/lib/locale-path';
import { onSale } from '@/server/catalog/on-sale';

/** Slugs of the static pages the spec names (the demo shop has them all; the sitemap lists what is published). */
export const SPEC_STATIC_SLUGS = ['contact', 'faq', 'privacy-policy', 'terms-and-conditions', 'return-and-refund', 'warranty-policy'];
/** Products per sitemap file; a bigger catalog gets a sitemap index with one file per slice. */
export const PRODUCTS_PER_SITEMAP = 10_000;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** What /sitemap.xml answers: one urlset when the catalog is small, else an index of `?page=0` (pages) and `?page=1…n` (products). */
export async function getSitemap(page: number | null, now = new Date()): Promise<{ index: number[] } | { entries: SitemapEntry[] } | null> {
  const [counted] = await getDb().select({ n: count() }).from(products).where(onSale());
  const productPages = Math.ceil(Number(counted?.n ?? 0) / PRODUCTS_PER_SITEMAP);
  if (page === null) {
    if (productPages <= 1) return { entries: [...(await listPageEntries(now)), ...(await listProductEntries(1))] };
    return { index: Array.from({ length: productPages + 1 }, (_, i) => i) };
  }
  if (page === 0) return { entries: await listPageEntries(now) };
  return page <= productPages ? { entries: await listProductEntries(page) } : null;
}

/** Every public catalog URL but products: home, lists, categories, subcategories, brands, collections, flash sales, static pages. */
export async function listPageEntries(now = new Date()): Promise<SitemapEntry[]> {
  const db = getDb();
  const [tree, brandRows, collectionRows, saleRows, pageRows, postRows, storeRows] = await Promise.all([
    listCategoryTree(),
    db.select({ id: brands.id }).from(brands).where(eq(brands.status, 1)),
    db.select({ id: collections.id }).from(collections).where(eq(collections.status, 1)),
    db
      .select({ id: flashSales.id })
      .from(flashSales)
      .where(and(eq(flashSales.status, 1), gt(flashSales.endsAt, now))),
    db.select({ slug: staticPages.slug }).from(staticPages).where(eq(staticPages.status, 1)),
    db
      .select({ slug: blogPosts.slug, at: blogPosts.publishedAt })
      .from(blogPosts)
      .where(and(eq(blogPosts.status, 1), lte(blogPosts.publishedAt, now))),
    db.select({ slug: stores.slug }).from(stores).where(eq(stores.status, 1)),
  ]);
  const entries: SitemapEntry[] = ['/', '/categories', '/brands', '/discover/products', '/flash-sale'].map((path) => ({ path }));
  for (const c of tree) {
    entries.push({ path: categoryUrl(c) });
    for (const s of c.child) entries.push({ path: subCategoryUrl(c, s) });
  }
  entries.push(...brandRows.map((b) => ({ path: brandUrl(b) })));
  entries.push(...collectionRows.map((c) => ({ path: collectionUrl(c) })));
  entries.push(...saleRows.map((s) => ({ path: flashSaleUrl(s) })));
  // Only pages that exist and are published: a slug the spec names but the operator never wrote is a 404.
  entries.push(...pageRows.map((p) => ({ path: pageUrl(p.slug) })));
  entries.push({ path: blogUrl() }, ...postRows.map((p) => ({ path: blogPostUrl(p), lastmod: p.at.toISOString().slice(0, 10) })));
  entries.push({ path: storesUrl() }, ...storeRows.map((s) => ({ path: storeUrl(s) })));
  return entries;
}

/** One slice of active products (page 1 = the first PRODUCTS_PER_SITEMAP by id), with their last change. */
export async function listProductEntries(page: number): Promise<SitemapEntry[]> {
  const rows = await getDb()
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(onSale())
    .orderBy(asc(products.id))
    .limit(PRODUCTS_PER_SITEMAP)
    .offset((page - 1) * PRODUCTS_PER_SITEMAP);
  return rows.map((p) => ({ path: productUrl(p), lastmod: p.updatedAt.toISOString().slice(0, 10) }));
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shop's languages for the sitemap's alternates: every code, and the default one (no prefix). */
export interface SitemapLanguages {
  codes: string[];
  defaultLang: string;
}

/**
 * The sitemap document for these entries under this origin. With more than one language every page is
 * listed once per language (`/ar/…` for Arabic), each `<url>` naming all of them and `x-default` (the
 * default language) as `xhtml:link rel="alternate" hreflang` — the same set the pages' `<head>` gives.
 */
export function renderSitemap(origin: string, entries: SitemapEntry[], languages?: SitemapLanguages): string {
  const codes = languages && languages.codes.length > 1 ? languages.codes : null;
  const url = (loc: string, lastmod: string | undefined, links: string) =>
    `<url><loc>${escapeXml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`;
  const urls = entries.flatMap((e) => {
    if (!codes) return [url(e.path, e.lastmod, '')];
    const inLang = (code: string) => localizedPath(e.path, code, languages!.defaultLang);
    const link = (hreflang: string, path: string) =>
      `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(origin + path)}"/>`;
    const links = [...codes.map((c) => link(c, inLang(c))), link('x-default', inLang(languages!.defaultLang))].join('');
    return codes.map((c) => url(inLang(c), e.lastmod, links));
  });
  const xhtml = codes ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`;
}

/** A sitemap index pointing at `/sitemap.xml?page=…`. */
export function renderSitemapIndex(origin: string, pages: number[]): string {
  const items = pages.map((p) => `<sitemap><loc>${escapeXml(`${origin}/sitemap.xml?page=${p}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: private areas closed (in every language's prefix too), the sitemap named. */
export function renderRobots(origin: string, prefixes: string[] = []): string {
  const closed = ['/user', '/cart', '/checkout'];
  return [
    'User-agent: *',
    ...['', ...prefixes.map((p) => `/${p}`)].flatMap((prefix) => closed.map((path) => `Disallow: ${prefix}${path}`)),
    'Disallow: /api',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
