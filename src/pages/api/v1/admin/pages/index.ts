import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { pagesList, savePageAction } from '@/server/content/pages-actions';

/** GET: every static page → `{items, next_cursor: null}`. POST: a new page `{slug, lang, title, content, published}`. */
export const ALL = route({ GET: serveQuery(pagesList), POST: serveAction(savePageAction) });
