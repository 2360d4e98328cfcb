import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteAccount } from '@/server/account/actions';

/** Deletes the account (password, or the typed word when there is none), ends its sessions, clears the cookie. */
export const ALL = route({ POST: serveAction(deleteAccount) });
