import { route } from '@/server/web/route';
import { serveProductsCsv } from '@/server/web/products-csv';

/** GET: the products of the caller's stores as CSV (the catalogue file's `products.csv` columns). */
export const ALL = route({ GET: serveProductsCsv });
