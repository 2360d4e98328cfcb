import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { customerOne } from '@/server/customers/queries';

/** One customer: profile, addresses, latest orders, reviews, total spent, notes. */
export const ALL = route({ GET: serveQuery(customerOne) });
