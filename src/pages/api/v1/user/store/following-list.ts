import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { listFollowedStores } from '@/server/account/following';

/** Stores the user follows. */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listFollowedStores(requireUser(locals).id) }),
});
