import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { collectionsList, saveCollectionAction } from '@/server/taxonomy/actions';

/** GET: every one → `{items, next_cursor: null}`. POST: a new one. */
export const ALL = route({ GET: serveQuery(collectionsList), POST: serveAction(saveCollectionAction) });
