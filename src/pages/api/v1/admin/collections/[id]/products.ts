import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { collectionProductAction, productsToPick } from '@/server/taxonomy/actions';

/** GET `?q=`: products to add (up to 20). POST `{product_id, op: 'add'|'remove'}`: adds or takes out a product. */
export const ALL = route({ GET: serveQuery(productsToPick), POST: serveAction(collectionProductAction) });
