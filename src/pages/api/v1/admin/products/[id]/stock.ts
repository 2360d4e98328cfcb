import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { adjustStockAction } from '@/server/catalog/actions';
import { productStockHistory } from '@/server/catalog/queries';

/** GET: the product's stock ledger (`?cursor=`). POST: pieces received, damaged or counted `{reason, quantity, note, inventory_id?}`. */
export const ALL = route({ GET: serveQuery(productStockHistory), POST: serveAction(adjustStockAction) });
