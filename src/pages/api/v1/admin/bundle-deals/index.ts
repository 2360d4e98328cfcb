import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { bundleDealsList, saveBundleDealAction } from '@/server/taxonomy/actions';

/** GET: every one → `{items, next_cursor: null}`. POST: a new one. */
export const ALL = route({ GET: serveQuery(bundleDealsList), POST: serveAction(saveBundleDealAction) });
