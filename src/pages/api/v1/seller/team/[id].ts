import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { memberRoleAction, teamOne } from '@/server/sellers/team-actions';

/** GET: one member. POST `{role}`: changes their role. */
export const ALL = route({ GET: serveQuery(teamOne), POST: serveAction(memberRoleAction) });
