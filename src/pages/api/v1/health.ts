import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { getDatabase } from '@/server/db/client';

/** Liveness for load balancers: answers once the database is open and migrated. */
export const ALL = route({
  GET: () => ok({ database: getDatabase()?.kind ?? null }),
});
