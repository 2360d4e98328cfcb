import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { changePictureAction } from '@/server/catalog/actions';

/** One of the product's pictures: `{picture_id, op: 'main'|'up'|'down'|'alt'|'remove', alt?}`. */
export const ALL = route({ POST: serveAction(changePictureAction) });
