import { route } from '@/server/web/route';
import { packingSlipPdfResponse } from '@/server/web/order-documents';

/** The order's packing slip as a PDF (no prices); the seller's twin is `/seller/orders/{id}/packing-slip.pdf`. */
export const ALL = route({ GET: packingSlipPdfResponse });
