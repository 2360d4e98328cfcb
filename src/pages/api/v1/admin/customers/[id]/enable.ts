import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { enableCustomerAction } from '@/server/customers/actions';

/** Enables the customer's sign-in again. */
export const ALL = route({ POST: serveAction(enableCustomerAction) });
