import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { unsubscribe } from '@/server/content/actions';

/** `{token}` from the unsubscribe link of a newsletter mail: ends the subscription (idempotent). */
export const ALL = route({ POST: serveAction(unsubscribe) });
