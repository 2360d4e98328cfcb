import { route } from '../../../../../server/http/route';
import { ok } from '../../../../../server/http/envelope';
import { requireUser } from '../../../../../server/users/require';
import { listCards } from '../../../../../server/users/cards';

/** Saved cards: brand, last 4, expiry; never the gateway token. */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listCards(requireUser(locals).id) }),
});
