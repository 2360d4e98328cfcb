import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { signIn } from '@/server/auth/actions';

export const ALL = route({ POST: serveAction(signIn) });
