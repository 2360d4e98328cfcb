import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { inviteMemberAction, teamList } from '@/server/sellers/team-actions';

/** GET: the store's team. POST `{name, email, role: 'orders'|'store'}`: invites someone. */
export const ALL = route({ GET: serveQuery(teamList), POST: serveAction(inviteMemberAction) });
