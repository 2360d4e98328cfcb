import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveSubCategoryAction, subCategoryOne } from '@/server/taxonomy/actions';

/** GET: one sub-category. POST: its changes (another `parent_id` moves it and its products to that category). */
export const ALL = route({ GET: serveQuery(subCategoryOne), POST: serveAction(saveSubCategoryAction) });
