import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { eraseCustomerAction } from '@/server/customers/actions';

/** Erases the person's data `{confirm: 'ERASE'}` (GDPR); refused while an order is open. */
export const ALL = route({ POST: serveAction(eraseCustomerAction) });
