import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { waitingProductsList } from '@/server/catalog/approval-actions';

/** Sellers' new products and price changes waiting for approval: `?q=&cursor=&per_page=` → `{items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(waitingProductsList) });
