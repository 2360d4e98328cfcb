import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { resetPassword } from '@/server/auth/actions';

/** Sets a new password with a reset link's token, or the email and mailed code. */
export const ALL = route({ POST: serveAction(resetPassword) });
