import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { serveAction } from '@/server/web/actions';
import { staffMember, updateStaff } from '@/server/staff/actions';

/** One staff member (GET) and what they may do (POST `{permissions}`). */
export const ALL = route({ GET: serveQuery(staffMember), POST: serveAction(updateStaff) });
