import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { getProfile } from '@/server/account/profile';

/** The signed-in user's profile: `data {name, email, phone, avatar, cart_count, is_logged_in, …}`. */
export const ALL = route({
  GET: async ({ locals }) => ok(await getProfile(requireUser(locals).id)),
});
