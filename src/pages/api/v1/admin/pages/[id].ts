import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { pageOne, savePageAction } from '@/server/content/pages-actions';

/** GET `?lang=`: one page in one language for its editor. POST `{lang, title, content, published}`: saves that language. */
export const ALL = route({ GET: serveQuery(pageOne), POST: serveAction(savePageAction) });
