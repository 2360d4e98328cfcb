import { cacheHeader } from '@/server/web/cache';
import type { APIRoute } from 'astro';
import { renderRobots } from '@/server/catalog/sitemap';
import { publicOrigin } from '@/server/core/origin';

export const GET: APIRoute = ({ locals }) =>
  new Response(
    renderRobots(
      publicOrigin(),
      locals.languages.map((l) => l.code).filter((c) => c !== locals.defaultLanguage),
    ),
    { headers: { 'content-type': 'text/plain; charset=utf-8', ...cacheHeader('daily') } },
  );
