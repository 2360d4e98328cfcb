import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { verifyTwoFactor } from '@/server/auth/actions';

/** The second factor of a back-office sign-in (a code from the app, or a recovery code). */
export const ALL = route({ POST: serveAction(verifyTwoFactor) });
