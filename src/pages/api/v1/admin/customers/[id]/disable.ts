import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { disableCustomerAction } from '@/server/customers/actions';

/** Disables the customer's sign-in; their sessions end at once. */
export const ALL = route({ POST: serveAction(disableCustomerAction) });
