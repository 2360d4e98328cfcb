import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { moveSubCategoryAction } from '@/server/taxonomy/actions';

/** Moves a sub-category one place among its category's: `{dir: 'up'|'down'}`. */
export const ALL = route({ POST: serveAction(moveSubCategoryAction) });
