/** Social login pieces both sides may use (no server imports). */

import { localPath } from '@/lib/safe-redirect';

/** A path on this site to return to after signing in, or null: the one redirect rule (safe-redirect.ts). */
export const sameOriginPath = localPath;

/** Where a "Continue with Google/Facebook" button points; `redirect` is where to land afterwards. */
export function socialLoginUrl(provider: 'google' | 'facebook', redirect?: string | null): string {
  const back = sameOriginPath(redirect);
  const query = new URLSearchParams({ provider, ...(back && back !== '/' ? { redirect: back } : {}) });
  return `/api/v1/user/social-login/redirect?${query}`;
}
