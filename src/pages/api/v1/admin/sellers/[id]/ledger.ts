import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { adminSellerLedger } from '@/server/money/queries';

/** The seller's store ledger: `?kind=&cursor=&per_page=` → `{store, balance, items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(adminSellerLedger) });
