import type { APIRoute } from 'astro';
import { checkReadiness } from '@/server/db/readiness';
import { cacheHeader } from '@/server/web/cache';
import { invalidationState } from '@/server/core/invalidation';

/**
 * Readiness for a load balancer or orchestrator: 200 when the database answers and every migration is
 * applied, 503 otherwise (with the reason). `caches` says whether this process hears other processes'
 * changes (PostgreSQL). `/healthz` (scripts/serve.mjs) only says the process is up.
 */
export const GET: APIRoute = async () => {
  const readiness = await checkReadiness();
  return new Response(JSON.stringify({ ...readiness, caches: invalidationState() }), {
    status: readiness.ready ? 200 : 503,
    headers: { 'content-type': 'application/json; charset=utf-8', ...cacheHeader('none') },
  });
};
