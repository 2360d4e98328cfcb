import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { brandsList, saveBrandAction } from '@/server/taxonomy/actions';

/** GET: every brand with its number of products → `{items, next_cursor: null}`. POST: a new brand (multipart with its logo `image`). */
export const ALL = route({ GET: serveQuery(brandsList), POST: serveAction(saveBrandAction) });
