import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { customersList } from '@/server/customers/queries';

/** Customers: `?q=&status=active|disabled|erased&orders=yes|no&from=&to=&cursor=&per_page=` → `{items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(customersList) });
