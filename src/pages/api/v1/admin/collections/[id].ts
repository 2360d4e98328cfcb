import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { collectionOne, saveCollectionAction } from '@/server/taxonomy/actions';

/** GET: one, with its products. POST: its changes. */
export const ALL = route({ GET: serveQuery(collectionOne), POST: serveAction(saveCollectionAction) });
