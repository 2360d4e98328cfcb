import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { sellerHome } from '@/server/backoffice/queries';

/** A seller's home: their stores and what needs attention in them. */
export const ALL = route({ GET: serveQuery(sellerHome) });
