import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { changePassword } from '@/server/account/actions';

/** Current password, new password and confirmation; every other session of the user ends. */
export const ALL = route({ POST: serveAction(changePassword) });
