import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { resetCustomerPasswordAction } from '@/server/customers/actions';

/** Mails the customer a password reset link and code. */
export const ALL = route({ POST: serveAction(resetCustomerPasswordAction) });
