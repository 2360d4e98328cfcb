import { cacheHeader, CACHE } from '@/server/web/cache';
import type { AstroGlobal } from 'astro';
import type { SessionUser } from '@/server/core/actor';
import { accountHolder, can } from '@/server/core/policy';

/** The signed-in user, or a 401 AppError for API endpoints (the policy's `accountHolder`). */
export function requireUser(locals: { user: SessionUser | null }): SessionUser {
  return accountHolder(locals.user);
}

/** Where a guest who opened a signed-in page is sent: /login, coming back afterwards. */
export function loginRedirect(url: URL): string {
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * The start of every /user/* page: private, never stored by caches; a guest is sent to
 * /login?redirect=… with a 303.
 */
export function guardAccountPage(Astro: AstroGlobal): SessionUser | Response {
  Astro.response.headers.set('cache-control', CACHE.private);
  if (!can(Astro.locals.user, 'use:account')) {
    return new Response(null, { status: 303, headers: { location: loginRedirect(Astro.url), ...cacheHeader('private') } });
  }
  return Astro.locals.user!;
}
