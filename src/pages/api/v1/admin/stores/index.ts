import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { storesList } from '@/server/sellers/queries';

/** Stores: `?status=open|suspended&q=&cursor=&per_page=` → `{items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(storesList) });
