import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { serveAction } from '@/server/web/actions';
import { getAddress } from '@/server/account/addresses';
import { deleteAddress } from '@/server/account/actions';
import { idParam } from '@/server/core/validation';

/** GET one of the user's addresses; DELETE (or POST from a plain form) removes it. Another user's id is 404. */
export const ALL = route({
  GET: async ({ locals, params }) => ok(await getAddress(requireUser(locals).id, idParam(params.id, 'theAddress'))),
  DELETE: serveAction(deleteAddress),
  POST: serveAction(deleteAddress),
});
