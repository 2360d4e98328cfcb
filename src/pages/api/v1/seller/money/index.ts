import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { sellerMoney } from '@/server/money/queries';

/** The seller's money: `?store_id=&kind=&cursor=&per_page=` → `{store, balance, items, next_cursor, months}`. */
export const ALL = route({ GET: serveQuery(sellerMoney) });
