import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { getProfile } from '@/server/account/profile';

/** The spec's `user/auth` refresh: is the session still signed in, and who is it (401 when not). */
const refresh = async ({ locals }: { locals: App.Locals }) => ok(await getProfile(requireUser(locals).id));
export const ALL = route({ GET: refresh, POST: refresh });
