import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { issueInvoiceAction } from '@/server/orders/document-actions';

/** Issues the order's invoice number (the next of the year, without gaps), or answers the one it has. */
export const ALL = route({ POST: serveAction(issueInvoiceAction) });
