import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { serveAction } from '@/server/web/actions';
import { inviteStaff, staffList } from '@/server/staff/actions';

/** Back-office accounts (GET) and inviting a staff member (POST `{name, email, permissions}`). */
export const ALL = route({ GET: serveQuery(staffList), POST: serveAction(inviteStaff) });
