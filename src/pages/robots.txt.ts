import type { APIRoute } from 'astro';
import { renderRobots } from '../server/catalog/sitemap';
import { siteOrigin } from '../server/catalog/seo';

export const GET: APIRoute = ({ url }) =>
  new Response(renderRobots(siteOrigin(url)), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' } });
