import type { APIRoute } from 'astro';
import { listSitemapEntries, renderSitemap } from '../server/catalog/sitemap';
import { siteOrigin } from '../server/catalog/seo';

export const GET: APIRoute = async ({ url }) =>
  new Response(renderSitemap(siteOrigin(url), await listSitemapEntries()), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
