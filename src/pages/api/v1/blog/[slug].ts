import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getPost } from '@/server/content/blog';

/** A published post by slug: its sanitized `content`, `related` posts, `previous` and `next`. */
export const ALL = route({
  GET: async ({ params, locals }) => ok(await getPost(params.slug ?? '', new Date(), locals.lang)),
});
