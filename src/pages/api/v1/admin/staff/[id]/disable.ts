import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { disableStaff } from '@/server/staff/actions';

/** Disables the account and ends its sessions. */
export const ALL = route({ POST: serveAction(disableStaff) });
