import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { resendMailAction } from '@/server/mail/actions';

/** Sends a waiting or failed mail again, now. */
export const ALL = route({ POST: serveAction(resendMailAction) });
