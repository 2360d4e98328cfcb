import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { mailList } from '@/server/mail/actions';

/** The mail outbox: `?status=(waiting|failed|sent)&q=&cursor=` → `{items, next_cursor}` (waiting and failed by default). */
export const ALL = route({ GET: serveQuery(mailList) });
