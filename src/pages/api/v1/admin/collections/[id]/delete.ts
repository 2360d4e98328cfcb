import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteCollectionAction } from '@/server/taxonomy/actions';

/** Deletes it: it leaves the storefront at once. */
export const ALL = route({ POST: serveAction(deleteCollectionAction) });
