import type { APIRoute } from 'astro';
import { checkReadiness } from '@/server/db/readiness';
import { cacheHeader } from '@/server/web/cache';

/**
 * Readiness for a load balancer or orchestrator: 200 when the database answers and every migration is
 * applied, 503 otherwise (with the reason). `/healthz` (scripts/serve.mjs) only says the process is up.
 */
export const GET: APIRoute = async () => {
  const readiness = await checkReadiness();
  return new Response(JSON.stringify(readiness), {
    status: readiness.ready ? 200 : 503,
    headers: { 'content-type': 'application/json; charset=utf-8', ...cacheHeader('none') },
  });
};
