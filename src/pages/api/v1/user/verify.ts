import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { verify } from '@/server/auth/actions';

/** `{email, code}` confirms the address; `{email, resend: true}` mails a new code. */
export const ALL = route({ POST: serveAction(verify) });
