import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveProductAction } from '@/server/catalog/actions';
import { productOne } from '@/server/catalog/queries';

/** GET: one product for its editor, with its pictures. POST: its changes (JSON, or multipart with more `images[]`). */
export const ALL = route({ GET: serveQuery(productOne), POST: serveAction(saveProductAction) });
