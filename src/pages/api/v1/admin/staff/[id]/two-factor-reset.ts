import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { resetTwoFactor } from '@/server/staff/actions';

/** Turns the member's two-factor sign-in off (a lost phone). */
export const ALL = route({ POST: serveAction(resetTwoFactor) });
