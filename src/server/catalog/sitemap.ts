import { and, desc, eq, gt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { brands, collections, flashSales, products, staticPages } from '../db/schema';
import { brandUrl, categoryUrl, collectionUrl, flashSaleUrl, pageUrl, productUrl, subCategoryUrl } from '../../lib/urls';
import { listCategoryTree } from './taxonomy';

/** Slugs of the static pages the spec names; listed even before an operator writes them. */
export const SPEC_STATIC_SLUGS = ['contact', 'faq', 'privacy-policy', 'terms-and-conditions', 'return-and-refund', 'warranty-policy'];
/** A sitemap may hold 50,000 URLs; products get what is left after everything else, newest first. */
export const SITEMAP_LIMIT = 50_000;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Every public catalog URL: home, lists, categories, subcategories, brands, collections, flash sales, static pages, products. */
export async function listSitemapEntries(now = new Date()): Promise<SitemapEntry[]> {
  const db = getDb();
  const [tree, brandRows, collectionRows, saleRows, pageRows] = await Promise.all([
    listCategoryTree(),
    db.select({ id: brands.id }).from(brands).where(eq(brands.status, 1)),
    db.select({ id: collections.id }).from(collections).where(eq(collections.status, 1)),
    db.select({ id: flashSales.id }).from(flashSales).where(and(eq(flashSales.status, 1), gt(flashSales.endsAt, now))),
    db.select({ slug: staticPages.slug }).from(staticPages),
  ]);
  const entries: SitemapEntry[] = ['/', '/categories', '/brands', '/discover/products', '/flash-sale'].map((path) => ({ path }));
  for (const c of tree) {
    entries.push({ path: categoryUrl(c) });
    for (const s of c.child) entries.push({ path: subCategoryUrl(c, s) });
  }
  entries.push(...brandRows.map((b) => ({ path: brandUrl(b) })));
  entries.push(...collectionRows.map((c) => ({ path: collectionUrl(c) })));
  entries.push(...saleRows.map((s) => ({ path: flashSaleUrl(s) })));
  const slugs = [...new Set([...SPEC_STATIC_SLUGS, ...pageRows.map((p) => p.slug)])];
  entries.push(...slugs.map((slug) => ({ path: pageUrl(slug) })));
  const productRows = await db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, 1))
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(Math.max(0, SITEMAP_LIMIT - entries.length));
  entries.push(...productRows.map((p) => ({ path: productUrl(p), lastmod: p.updatedAt.toISOString().slice(0, 10) })));
  return entries;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap document for these entries under this origin. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: private areas closed, the sitemap named. */
export function renderRobots(origin: string): string {
  return ['User-agent: *', 'Disallow: /user', 'Disallow: /cart', 'Disallow: /checkout', 'Disallow: /api', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
