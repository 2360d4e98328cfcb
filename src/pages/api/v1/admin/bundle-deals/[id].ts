import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { bundleDealOne, saveBundleDealAction } from '@/server/taxonomy/actions';

/** GET: one, with its products. POST: its changes. */
export const ALL = route({ GET: serveQuery(bundleDealOne), POST: serveAction(saveBundleDealAction) });
