import { route } from '../../../../../server/http/route';
import { ok } from '../../../../../server/http/envelope';
import { requireUser } from '../../../../../server/users/require';
import { listAddresses } from '../../../../../server/users/addresses';

/** The user's shipping addresses, the default first. */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listAddresses(requireUser(locals).id, 'shipping') }),
});
