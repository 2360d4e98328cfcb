import type { SessionUser } from '@/server/core/actor';
import { AppError } from '@/server/core/errors';

/** The signed-in user, or a 401 AppError for API endpoints. */
export function requireUser(locals: { user: SessionUser | null }): SessionUser {
  if (!locals.user) throw new AppError({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  return locals.user;
}

/** Where a guest who opened a signed-in page is sent: /login, coming back afterwards. */
export function loginRedirect(url: URL): string {
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}
