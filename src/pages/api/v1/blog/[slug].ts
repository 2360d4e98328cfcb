import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { getPost } from '../../../../server/content/blog';

/** A published post by slug: its sanitized `content`, `related` posts, `previous` and `next`. */
export const ALL = route({
  GET: async ({ params }) => ok(await getPost(params.slug ?? '')),
});
