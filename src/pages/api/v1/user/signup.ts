import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { signUp } from '@/server/auth/actions';

export const ALL = route({ POST: serveAction(signUp) });
