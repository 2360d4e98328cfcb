import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { paymentMethodsOne, savePaymentMethodsAction } from '@/server/settings/payment-actions';

/** GET: each payment method with whether it is on and configured. POST: `{offered: [method]}` (ticked boxes); the rest are off. */
export const ALL = route({ GET: serveQuery(paymentMethodsOne), POST: serveAction(savePaymentMethodsAction) });
