import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { flashSaleOne, saveFlashSaleAction } from '@/server/taxonomy/actions';

/** GET: one, with its products. POST: its changes. */
export const ALL = route({ GET: serveQuery(flashSaleOne), POST: serveAction(saveFlashSaleAction) });
