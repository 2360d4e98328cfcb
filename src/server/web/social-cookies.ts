import type { AstroCookies } from 'astro';
import { z } from 'zod';
import { getEnv } from '@/server/core/env';
import type { PendingSocialLogin } from '@/server/auth/social/login';

/**
 * The pending sign-in (state, PKCE verifier, where to return) rides in one short-lived HttpOnly cookie,
 * so any process can finish a sign-in another one started. SameSite=Lax: the provider's redirect back
 * is a top-level GET, which carries it. Only /social-callback ever sees it.
 */
export const SOCIAL_COOKIE = 'frontend_social_login';
const COOKIE_PATH = '/social-callback';
const MAX_AGE_S = 600;

const PendingSchema = z.object({
  provider: z.enum(['google', 'facebook']),
  state: z.string().min(16).max(200),
  codeVerifier: z.string().min(43).max(128).nullable(),
  redirect: z.string().max(1000),
});

/** Remembers the pending sign-in for ten minutes. */
export function setPendingSocialLogin(cookies: AstroCookies, pending: PendingSocialLogin): void {
  cookies.set(SOCIAL_COOKIE, JSON.stringify(pending), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().SECURE_COOKIES,
    maxAge: MAX_AGE_S,
  });
}

/** Reads and forgets the pending sign-in (each one is good for one callback). */
export function takePendingSocialLogin(cookies: AstroCookies): PendingSocialLogin | null {
  const raw = cookies.get(SOCIAL_COOKIE)?.value;
  if (raw === undefined) return null;
  cookies.delete(SOCIAL_COOKIE, { path: COOKIE_PATH });
  try {
    return PendingSchema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}
