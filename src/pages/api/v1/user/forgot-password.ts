import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { forgotPassword } from '@/server/auth/actions';

export const ALL = route({ POST: serveAction(forgotPassword) });
