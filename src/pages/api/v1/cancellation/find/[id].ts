import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { idParam } from '@/server/core/validation';
import { findCancellation } from '@/server/orders/by-user';

/** The cancellation of the user's own order `{id}` → `{id, order_id, reason, status, created_at}`; none or not theirs: 404. */
export const ALL = route({
  GET: async ({ locals, params }) => ok(await findCancellation(requireUser(locals).id, idParam(params.id, 'theOrder'))),
});
