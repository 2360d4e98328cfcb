import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { listAddresses } from '@/server/account/addresses';

/** The user's shipping addresses, the default first. */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listAddresses(requireUser(locals).id, 'shipping') }),
});
