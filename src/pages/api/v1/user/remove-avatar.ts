import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { removeAvatar } from '@/server/account/actions';

/** Removes the profile picture (the profile page's "Remove" button). */
export const ALL = route({ POST: serveAction(removeAvatar) });
