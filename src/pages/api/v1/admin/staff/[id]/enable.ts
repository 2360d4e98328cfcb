import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { enableStaff } from '@/server/staff/actions';

/** Enables the account again. */
export const ALL = route({ POST: serveAction(enableStaff) });
