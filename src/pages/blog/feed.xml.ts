import type { APIRoute } from 'astro';
import { cacheHeader } from '@/server/web/cache';
import { listPosts } from '@/server/content/blog';
import { renderAtomFeed } from '@/server/content/feed';
import { publicOrigin } from '@/server/core/origin';

/** `/blog/feed.xml`: the newest 20 posts as Atom. */
export const GET: APIRoute = async ({ locals }) => {
  const { data } = await listPosts({ perPage: 20, lang: locals.lang });
  const body = renderAtomFeed(publicOrigin(), locals.settings.site_setting.site_name, data);
  return new Response(body, { headers: { 'content-type': 'application/atom+xml; charset=utf-8', ...cacheHeader('static') } });
};
