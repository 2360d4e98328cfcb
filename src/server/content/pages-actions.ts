import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { PageOneSchema, PageWriteSchema } from '@/lib/schemas/content-admin';
import { getPageForEditor, listPagesForEditor, savePage } from '@/server/content/pages-manage';

/** Static pages per language in the back office (`/admin/pages`, `api/v1/admin/pages`). */

export const pagesList = defineQuery({
  name: 'pages.list',
  input: z.object({}),
  auth: { can: 'update:content' },
  run: () => listPagesForEditor(),
});

export const pageOne = defineQuery({
  name: 'pages.one',
  input: PageOneSchema,
  auth: { can: 'update:content' },
  run: ({ id, lang }) => getPageForEditor(id, lang),
});

/** Creates (`POST api/v1/admin/pages`) or saves one language of (`…/pages/{id}`) a static page; the storefront follows at once. */
export const savePageAction = defineAction({
  name: 'pages.save',
  input: PageWriteSchema,
  auth: { can: 'update:content' },
  // Pages, the site map and the footer's links are kept pages: every process forgets them.
  invalidates: ['content', 'catalog'],
  run: async (input, _actor, { tx, audit }) => {
    const { before, after } = await savePage(tx, input);
    audit({
      entity: 'static_page',
      entityId: after.id,
      before,
      after: { lang: after.lang, title: after.title, published: after.published },
    });
    return after;
  },
  message: 'backoffice.pages.saved',
  data: (p) => ({ id: p.id, slug: p.slug, lang: p.lang, title: p.title, meta_description: p.meta_description, content: p.content, published: p.published }),
  back: (p) => `/admin/pages/${p.id}?lang=${p.lang}`,
});
