import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteSubCategoryAction } from '@/server/taxonomy/actions';

/** Deletes a sub-category; its products stay in its category. */
export const ALL = route({ POST: serveAction(deleteSubCategoryAction) });
