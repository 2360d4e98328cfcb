import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { parseWith } from '@/server/core/validation';
import { listPosts } from '@/server/content/blog';
import { BlogQuerySchema, blogQueryOf } from '@/lib/schemas/content';

/** `blogs?page=&category=&tag=`: published posts, newest first, as `data.result {data, current_page, last_page, per_page, total}`. */
export const ALL = route({
  GET: async ({ url, locals }) => {
    const query = parseWith(BlogQuerySchema, blogQueryOf(url.searchParams), locals.lang);
    return ok({ result: await listPosts({ ...query, lang: locals.lang }) });
  },
});
