import { cacheHeader } from '@/server/web/cache';
import type { APIContext } from 'astro';
import { getEnv } from '@/server/core/env';
import { AppError } from '@/server/core/errors';
import { fail } from '@/server/web/envelope';
import { SESSION_COOKIE } from '@/server/auth/sessions';
import { GUEST_COOKIE } from '@/server/web/identity';
import { testRoutesOn } from '@/server/test-routes';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_MESSAGE = 'This request came from another site, so it was refused. Reload the page on our site and try again.';

/** Origins our own pages are served from: the request's own and PUBLIC_URL's. */
function allowedOrigins(url: URL): Set<string> {
  const origins = new Set([url.origin]);
  const configured = getEnv().PUBLIC_URL;
  if (configured) origins.add(new URL(configured).origin);
  return origins;
}

function senderOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  if (origin) return origin; // "null" (an opaque origin) is kept and refused below.
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const isFormLike = (request: Request) => {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  return FORM_TYPES.some((t) => type.includes(t));
};

/**
 * Cross-site request forgery guard for requests that change state and carry our cookies (session or
 * guest). It replaces Astro's `checkOrigin` (off in astro.config.mjs),
 * which refused body-less API calls without an Origin (a mobile app's DELETE with a Bearer token) and
 * knew only the request's own origin, not PUBLIC_URL behind a TLS-terminating proxy. The sender is known by Origin, else Referer. With neither, the caller is not
 * a browser (browsers send Origin on every POST/PUT/PATCH/DELETE), so there is no forgery to stop.
 * Bearer-only calls carry no cookie and are not checked: a forged request cannot attach a header.
 */
export function refuseCrossSite(ctx: Pick<APIContext, 'request' | 'url' | 'cookies'>): Response | null {
  if (!UNSAFE.has(ctx.request.method.toUpperCase())) return null;
  // Only the end-to-end build has /test-only/* (src/server/test-routes.ts); elsewhere the path is guarded like any other.
  if (ctx.url.pathname.startsWith('/test-only/') && testRoutesOn()) return null;
  // A payment gateway's page posts its result here from its own origin (iyzico's callback). Nothing in
  // the body is trusted: the route asks the gateway's API with our keys (server/payments/returns.ts).
  if (ctx.url.pathname.startsWith('/payment-return/')) return null;
  // Form bodies are checked even without our cookies: a forged sign-in form would sign a victim into
  // the attacker's account. Other bodies only matter when they carry our cookies.
  if (!isFormLike(ctx.request) && !ctx.cookies.has(SESSION_COOKIE) && !ctx.cookies.has(GUEST_COOKIE)) return null;
  const sender = senderOrigin(ctx.request);
  if (sender === null || allowedOrigins(ctx.url).has(sender)) return null;
  if (ctx.url.pathname.startsWith('/api/')) return fail(new AppError({ code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE }));
  return new Response(CROSS_SITE_MESSAGE, {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...cacheHeader('none') },
  });
}
