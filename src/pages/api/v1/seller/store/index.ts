import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveStoreProfileAction, storeProfileOne } from '@/server/stores/actions';

/**
 * GET: the seller's store profile (`?store_id=` picks one of several; another store's is 404). POST: its changes
 * (JSON, or multipart with `logo` and `banner`); a new name or slug waits for the operator.
 */
export const ALL = route({ GET: serveQuery(storeProfileOne), POST: serveAction(saveStoreProfileAction) });
