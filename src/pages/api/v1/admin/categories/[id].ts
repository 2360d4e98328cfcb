import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { categoryOne, saveCategoryAction } from '@/server/taxonomy/actions';

/** GET: one category with its sub-categories and former slugs. POST: its changes (a changed slug keeps redirecting). */
export const ALL = route({ GET: serveQuery(categoryOne), POST: serveAction(saveCategoryAction) });
