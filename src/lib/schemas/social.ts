import { z } from 'zod';

/**
 * A path on this site to return to after signing in, or null. Absolute URLs, protocol-relative `//host`
 * and backslash tricks (`/\host`) are refused, so the redirect can never leave the shop.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 1000) return null;
  // eslint-disable-next-line no-control-regex
  if (/^\/[/\\]|[\u0000-\u001f\\]/.test(value)) return null;
  try {
    const base = 'http://shop.invalid';
    const url = new URL(value, base);
    return url.origin === base ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/** Query of GET /api/v1/user/social-login/redirect. */
export const SocialRedirectQuerySchema = z.object({
  provider: z.enum(['google', 'facebook'], { error: 'Choose Google or Facebook to sign in.' }),
  redirect: z.string().optional().transform((v) => sameOriginPath(v) ?? '/'),
});

export type SocialRedirectQuery = z.infer<typeof SocialRedirectQuerySchema>;
