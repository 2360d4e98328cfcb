import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { sellerLedger } from '@/server/money/queries';

/** DESIGN.md's seller ledger: `?store_id=&kind=&cursor=&per_page=` → `{store_id, balance, items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(sellerLedger) });
