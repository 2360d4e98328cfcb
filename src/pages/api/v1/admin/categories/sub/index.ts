import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveSubCategoryAction } from '@/server/taxonomy/actions';

/** POST: a new sub-category of `parent_id` (multipart with `image`). */
export const ALL = route({ POST: serveAction(saveSubCategoryAction) });
