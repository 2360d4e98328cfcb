import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { paymentMethodChangeAction } from '@/server/orders/actions';

/** Pays an unpaid order another way `{order_id, payment_method}` (the retry page's choices). */
export const ALL = route({ POST: serveAction(paymentMethodChangeAction) });
