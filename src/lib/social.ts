/** Social login pieces both sides may use (no server imports). */

/**
 * A path on this site to return to after signing in, or null. Absolute URLs, protocol-relative `//host`
 * and backslash tricks (`/\host`) are refused, so the redirect can never leave the shop.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 1000) return null;
  if (/^\/[/\\]|[\u0000-\u001f\\]/.test(value)) return null;
  try {
    const base = 'http://shop.invalid';
    const url = new URL(value, base);
    return url.origin === base ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/** Where a "Continue with Google/Facebook" button points; `redirect` is where to land afterwards. */
export function socialLoginUrl(provider: 'google' | 'facebook', redirect?: string | null): string {
  const back = sameOriginPath(redirect);
  const query = new URLSearchParams({ provider, ...(back && back !== '/' ? { redirect: back } : {}) });
  return `/api/v1/user/social-login/redirect?${query}`;
}
