import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { updateProfile } from '@/server/account/actions';

/** Name, phone and (multipart) avatar. */
export const ALL = route({ POST: serveAction(updateProfile) });
