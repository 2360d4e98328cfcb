import { route } from '../../../../../server/http/route';
import { ok } from '../../../../../server/http/envelope';
import { requireUser } from '../../../../../server/users/require';
import { listFollowedStores } from '../../../../../server/users/following';

/** Stores the user follows. */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listFollowedStores(requireUser(locals).id) }),
});
