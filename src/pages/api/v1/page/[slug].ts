import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { getStaticPage } from '../../../../server/content/pages';

/** A static page by slug: `{id, slug, title, content (sanitized HTML), meta_description, updated_at}`. */
export const ALL = route({
  GET: async ({ params }) => ok(await getStaticPage(params.slug ?? '')),
});
