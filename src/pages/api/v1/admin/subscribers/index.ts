import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { subscribersList } from '@/server/content/queries';

/** Newsletter subscribers: `?status=confirmed|pending|left&q=&cursor=&per_page=` → `{items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(subscribersList) });
