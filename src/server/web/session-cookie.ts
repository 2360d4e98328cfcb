import type { AstroCookies } from 'astro';
import { getEnv } from '@/server/core/env';
import { SESSION_COOKIE, SESSION_MAX_AGE_S } from '@/server/auth/sessions';

/** Sets the HttpOnly session cookie (Secure when served over HTTPS). */
export function setSessionCookie(cookies: AstroCookies, token: string): void {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().SECURE_COOKIES,
    maxAge: SESSION_MAX_AGE_S,
  });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}
