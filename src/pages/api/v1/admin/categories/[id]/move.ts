import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { moveCategoryAction } from '@/server/taxonomy/actions';

/** Moves a category one place: `{dir: 'up'|'down'}`. */
export const ALL = route({ POST: serveAction(moveCategoryAction) });
