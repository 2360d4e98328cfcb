import { localPath } from '@/lib/safe-redirect';

/** Pages a signed-in shopper is never sent back to after signing in. */
const GUEST_ONLY = ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email'];

/**
 * Where to go after signing in: the `redirect` parameter when the one redirect rule (localPath) takes
 * it as a path on this site and it is neither a guest-only page nor the API, else home.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  const path = localPath(target);
  if (!path) return fallback;
  const pathname = path.replace(/[?#].*$/, '');
  if (GUEST_ONLY.includes(pathname.replace(/\/$/, '') || '/')) return fallback;
  if (pathname.startsWith('/api/')) return fallback;
  return path;
}

/** A guest-only page's URL with `redirect` carried along when it is not home. */
export function withRedirect(path: string, redirect: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (redirect !== '/') params.set('redirect', redirect);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
