import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { requireUser } from '../../../../server/users/require';
import { getProfile } from '../../../../server/users/profile';

/** The signed-in user's profile: `data {name, email, phone, avatar, cart_count, is_logged_in, …}`. */
export const ALL = route({
  GET: async ({ locals }) => ok(await getProfile(requireUser(locals).id)),
});
