import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { revokeStaff } from '@/server/staff/actions';

/** Takes the staff role away. */
export const ALL = route({ POST: serveAction(revokeStaff) });
