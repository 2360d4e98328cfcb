import { route } from '@/server/web/route';
import { packingSlipPdfResponse } from '@/server/web/order-documents';

/** The endpoint twin of `/seller/orders/{id}/packing-slip.pdf` (the same PDF, in the seller's scope: another store's order is 404). */
export const ALL = route({ GET: packingSlipPdfResponse });
