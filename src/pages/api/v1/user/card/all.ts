import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { listCards } from '@/server/account/cards';

/** Saved cards: brand, last 4, expiry; never the gateway token. */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listCards(requireUser(locals).id) }),
});
