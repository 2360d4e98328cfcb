import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { footerCategoriesOne, saveFooterCategoriesAction } from '@/server/settings/actions';

/** GET: every category and sub-category with whether the footer lists it. POST: `{categories: [id], sub_categories: [id]}` (ticked boxes). */
export const ALL = route({ GET: serveQuery(footerCategoriesOne), POST: serveAction(saveFooterCategoriesAction) });
