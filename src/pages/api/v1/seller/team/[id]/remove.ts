import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { removeMemberAction } from '@/server/sellers/team-actions';

/** POST: removes the member from the store (their account stays, as a shopper's). */
export const ALL = route({ POST: serveAction(removeMemberAction) });
