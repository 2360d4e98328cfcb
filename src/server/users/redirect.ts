/** Pages a signed-in shopper is never sent back to after signing in. */
const GUEST_ONLY = ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email'];

/**
 * Where to go after signing in: the `redirect` parameter when it is a path on this site (never
 * another host, a protocol-relative `//host` or a guest-only page), else home.
 */
export function safeRedirect(target: string | null | undefined, origin: string, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  try {
    const url = new URL(target, origin);
    if (url.origin !== new URL(origin).origin) return fallback;
    if (GUEST_ONLY.includes(url.pathname.replace(/\/$/, '') || '/')) return fallback;
    if (url.pathname.startsWith('/api/')) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** A guest-only page's URL with `redirect` carried along when it is not home. */
export function withRedirect(path: string, redirect: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (redirect !== '/') params.set('redirect', redirect);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
