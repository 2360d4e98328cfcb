import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { brandOne, saveBrandAction } from '@/server/taxonomy/actions';

/** GET: one brand. POST: its changes (a new `image` replaces the logo). */
export const ALL = route({ GET: serveQuery(brandOne), POST: serveAction(saveBrandAction) });
