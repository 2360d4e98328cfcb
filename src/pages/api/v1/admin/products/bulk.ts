import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { bulkProductsAction } from '@/server/catalog/actions';

/** The ticked products (`{ids, action: 'publish'|'unpublish'|'archive'|'delete'}`): all of them, or none with the reason. */
export const ALL = route({ POST: serveAction(bulkProductsAction) });
