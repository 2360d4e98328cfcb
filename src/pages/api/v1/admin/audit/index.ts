import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { auditList } from '@/server/audit/queries';

/** The audit log: `?entity=&entity_id=&actor_id=&action=&from=&to=&cursor=` → `{items, next_cursor}`. */
export const ALL = route({ GET: serveQuery(auditList) });
