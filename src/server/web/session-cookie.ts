import type { AstroCookies } from 'astro';
import { getEnv } from '@/server/core/env';
import { SESSION_COOKIE, SESSION_MAX_AGE_S } from '@/server/auth/sessions';
import { CART_COUNT_COOKIE } from '@/lib/cart-math';

/** Sets the HttpOnly session cookie (Secure when served over HTTPS). */
export function setSessionCookie(cookies: AstroCookies, token: string): void {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().SECURE_COOKIES,
    maxAge: SESSION_MAX_AGE_S,
  });
  // The badge's cookie spoke for the guest; the account's count is written by its next page (CartLink).
  cookies.delete(CART_COUNT_COOKIE, { path: '/' });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
  cookies.delete(CART_COUNT_COOKIE, { path: '/' });
}
