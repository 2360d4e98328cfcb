import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { messageOne } from '@/server/content/queries';

/** One contact message, with its answer once answered. */
export const ALL = route({ GET: serveQuery(messageOne) });
