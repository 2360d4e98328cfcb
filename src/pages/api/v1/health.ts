import { route } from '../../../server/http/route';
import { ok } from '../../../server/http/envelope';
import { getDatabase } from '../../../server/db/client';

/** Liveness for load balancers: answers once the database is open and migrated. */
export const ALL = route({
  GET: () => ok({ database: getDatabase()?.kind ?? null }),
});
