import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { messagesList } from '@/server/content/queries';

/** Contact messages: `?status=open|answered&q=&cursor=&per_page=` → `{items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(messagesList) });
