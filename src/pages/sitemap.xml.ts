import { cacheHeader } from '@/server/web/cache';
import type { APIRoute } from 'astro';
import { getSitemap, renderSitemap, renderSitemapIndex } from '@/server/catalog/sitemap';
import { publicOrigin } from '@/server/core/origin';

const XML = { 'content-type': 'application/xml; charset=utf-8', ...cacheHeader('reference') };

/** `/sitemap.xml`: every catalog URL in every language (with hreflang alternates), or an index of `?page=0` (pages) and `?page=1…n` (products) for a big catalog. */
export const GET: APIRoute = async ({ url, locals }) => {
  const raw = url.searchParams.get('page');
  const page = raw === null ? null : /^\d{1,6}$/.test(raw) ? Number(raw) : -1;
  const sitemap = page === -1 ? null : await getSitemap(page);
  if (!sitemap)
    return new Response('There is no such sitemap page.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const origin = publicOrigin();
  const body =
    'index' in sitemap
      ? renderSitemapIndex(origin, sitemap.index)
      : renderSitemap(origin, sitemap.entries, { codes: locals.languages.map((l) => l.code), defaultLang: locals.defaultLanguage });
  return new Response(body, { headers: XML });
};
