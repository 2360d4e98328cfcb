import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { saveProductsGridAction } from '@/server/catalog/bulk/actions';
import { productsGrid } from '@/server/catalog/bulk/queries';

/**
 * GET: a page of the bulk grid (the products list's filters) → `{items: [{id, title, selling, offered, stock, version,
 * has_variants…}], next_cursor}`. POST `{rows: [{id, version, selling, offered, stock}]}`: saved in one transaction.
 */
export const ALL = route({ GET: serveQuery(productsGrid), POST: serveAction(saveProductsGridAction) });
