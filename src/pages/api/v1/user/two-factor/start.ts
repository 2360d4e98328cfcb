import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { startTwoFactor } from '@/server/auth/actions';

/** Starts setting up two-factor sign-in: a new secret and its otpauth URI. */
export const ALL = route({ POST: serveAction(startTwoFactor) });
