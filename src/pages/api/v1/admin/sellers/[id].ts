import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { sellerOne } from '@/server/sellers/queries';

/** One seller application, with its store once approved. */
export const ALL = route({ GET: serveQuery(sellerOne) });
