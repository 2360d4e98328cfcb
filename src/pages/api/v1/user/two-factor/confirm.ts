import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { confirmTwoFactor } from '@/server/auth/actions';

/** Confirms the set-up with a code from the app; answers the recovery codes once. */
export const ALL = route({ POST: serveAction(confirmTwoFactor) });
