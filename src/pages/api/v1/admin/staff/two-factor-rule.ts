import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { requireTwoFactor } from '@/server/staff/actions';

/** The owner's rule: every staff and seller account signs in with two factors (`{require_two_factor}`). */
export const ALL = route({ POST: serveAction(requireTwoFactor) });
