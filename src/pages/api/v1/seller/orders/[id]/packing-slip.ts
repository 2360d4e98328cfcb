import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { orderDocumentQuery } from '@/server/orders/documents';

/** The data of a seller's packing slip (`/seller/orders/{id}/packing-slip`): their own store's order; another store's is 404. */
export const ALL = route({ GET: serveQuery(orderDocumentQuery) });
