import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { confirmOrderTransfer } from '@/server/orders/actions';

/** The bank transfer of the order's purchase arrived: paid, and its pending orders confirmed. */
export const ALL = route({ POST: serveAction(confirmOrderTransfer) });
