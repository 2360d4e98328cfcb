import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { adminHome } from '@/server/backoffice/queries';

/** The operator's home: what needs attention today. */
export const ALL = route({ GET: serveQuery(adminHome) });
