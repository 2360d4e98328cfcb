import type { APIContext } from 'astro';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { isFormPost, redirectWithFlash } from '@/server/web/flash';
import { signOut } from '@/server/auth/auth';
import { clearSessionCookie } from '@/server/web/session-cookie';

const SIGNED_OUT = 'You are signed out.';

/** A browser that navigated here (a link or a plain form) gets a redirect home, not JSON. */
const wantsPage = (request: Request) =>
  isFormPost(request) || (request.method === 'GET' && (request.headers.get('accept') ?? '').includes('text/html'));

async function logout(ctx: APIContext): Promise<Response> {
  // A GET is a link another site could embed, or a browser could prefetch: only a real request from
  // our own pages ends the session.
  const h = ctx.request.headers;
  const ignored =
    ctx.request.method !== 'POST' &&
    (ctx.request.method === 'HEAD' ||
      h.get('sec-fetch-site') === 'cross-site' ||
      /prefetch/i.test(`${h.get('sec-purpose') ?? ''}${h.get('purpose') ?? ''}`));
  if (ignored) return new Response(null, { status: 303, headers: { location: '/' } });
  await signOut(ctx.locals.sessionHash);
  clearSessionCookie(ctx.cookies);
  if (wantsPage(ctx.request)) return redirectWithFlash(ctx, { type: 'success', message: SIGNED_OUT }, '/');
  return ok(null, { message: SIGNED_OUT });
}

/** The spec names both GET and POST user/logout; both end the session on the server. */
export const ALL = route({ GET: logout, POST: logout });
