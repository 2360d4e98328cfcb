import type { APIContext } from 'astro';
import { clearFrontDoor, rememberAtFrontDoor } from '@/server/web/front-door.mjs';
import { registerCache } from '@/server/core/memo';

// An announced change forgets the front door's answers with the page cache (they would not be served
// anyway once their kept copy is gone; this frees them).
registerCache({ clear: clearFrontDoor });

/**
 * After the middleware made its answer: a guest's GET served from a kept copy, with nothing personal
 * set on the way (no cookie), is what the front door may repeat for the same request (front-door.mjs).
 */
export function rememberForFrontDoor(ctx: APIContext, response: Response): void {
  const { frontDoorKey: key, keptAnswer: kept } = ctx.locals;
  if (!key || !kept || ctx.request.method !== 'GET' || response.status !== 200 || ctx.locals.user) return;
  if (response.headers.has('set-cookie') || [...ctx.cookies.headers()].length > 0) return;
  const headers = { ...Object.fromEntries(response.headers), 'x-page-cache': 'hit, front door' };
  rememberAtFrontDoor(key, { status: 200, headers, bytes: kept.bytes, alive: kept.alive });
}
