import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { flashSalesList, saveFlashSaleAction } from '@/server/taxonomy/actions';

/** GET: every one → `{items, next_cursor: null}`. POST: a new one. */
export const ALL = route({ GET: serveQuery(flashSalesList), POST: serveAction(saveFlashSaleAction) });
