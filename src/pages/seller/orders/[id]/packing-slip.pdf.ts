import { route } from '@/server/web/route';
import { packingSlipPdfResponse } from '@/server/web/order-documents';

/** A seller's packing slip as a PDF: their own store's order; another store's is 404 (the query's scope). */
export const ALL = route({ GET: packingSlipPdfResponse });
