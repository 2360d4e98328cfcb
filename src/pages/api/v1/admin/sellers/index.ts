import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { sellersList } from '@/server/sellers/queries';

/** Seller applications: `?status=pending|verified|approved|rejected&q=&cursor=&per_page=` → `{items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(sellersList) });
