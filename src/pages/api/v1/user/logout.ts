import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { logOut } from '@/server/auth/actions';
import type { APIContext } from 'astro';

const serve = serveAction(logOut);

/**
 * A GET is a link another site could embed, or a browser could prefetch: only a real request from
 * our own pages ends the session; the rest go home untouched.
 */
function fromOurPage(ctx: APIContext): boolean {
  const h = ctx.request.headers;
  if (ctx.request.method === 'HEAD' || h.get('sec-fetch-site') === 'cross-site') return false;
  return !/prefetch/i.test(`${h.get('sec-purpose') ?? ''}${h.get('purpose') ?? ''}`);
}

/** The spec names both GET and POST user/logout; both end the session on the server. */
export const ALL = route({
  GET: (ctx) => (fromOurPage(ctx) ? serve(ctx) : new Response(null, { status: 303, headers: { location: '/' } })),
  POST: serve,
});
