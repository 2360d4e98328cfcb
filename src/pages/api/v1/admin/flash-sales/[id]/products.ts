import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { flashSaleProductAction, productsToPick } from '@/server/taxonomy/actions';

/** GET `?q=`: products to add (up to 20). POST `{product_id, price, op: 'add'|'remove'}`: puts a product in at its sale price (minor units, below its own price) or takes it out. */
export const ALL = route({ GET: serveQuery(productsToPick), POST: serveAction(flashSaleProductAction) });
