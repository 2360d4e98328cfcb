import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { categoriesList, saveCategoryAction } from '@/server/taxonomy/actions';

/** GET: the category tree (hidden ones too) → `{items: [{…, children}], next_cursor: null}`. POST: a new category (multipart with `image`). */
export const ALL = route({ GET: serveQuery(categoriesList), POST: serveAction(saveCategoryAction) });
