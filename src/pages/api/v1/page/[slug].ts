import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getStaticPage } from '@/server/content/pages';

/** A static page by slug: `{id, slug, title, content (sanitized HTML), meta_description, updated_at}`. */
export const ALL = route({
  GET: async ({ params, locals }) => ok(await getStaticPage(params.slug ?? '', locals.lang)),
});
