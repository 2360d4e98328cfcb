import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { turnOffOwnTwoFactor } from '@/server/auth/actions';

/** Turns one's own two-factor sign-in off (with a current code). */
export const ALL = route({ POST: serveAction(turnOffOwnTwoFactor) });
