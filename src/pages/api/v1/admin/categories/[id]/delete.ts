import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteCategoryAction } from '@/server/taxonomy/actions';

/** Deletes a category; one with products needs `move_to` (another category's id), where they go first. */
export const ALL = route({ POST: serveAction(deleteCategoryAction) });
