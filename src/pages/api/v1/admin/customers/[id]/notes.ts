import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { noteCustomerAction } from '@/server/customers/actions';

/** Adds an operator's note `{note}`. */
export const ALL = route({ POST: serveAction(noteCustomerAction) });
