import type { AstroCookies } from 'astro';
import { getEnv } from '@/server/core/env';

/**
 * The cookie notice closed without JavaScript. With JavaScript the dismissal is kept in local storage
 * (the spec); a browser without it posts the notice's plain form, and this cookie remembers it. Guest
 * pages are the same HTML for everyone, so the page memory keeps one copy with the notice and one
 * without (page-caching.ts), and responses already `Vary: Cookie`.
 */
export const COOKIE_NOTICE_COOKIE = 'frontend_cookie_notice';
const ONE_YEAR_S = 365 * 24 * 3600;

/** Whether this browser closed the cookie notice with the plain form. */
export const cookieNoticeDismissed = (cookies: AstroCookies) => cookies.get(COOKIE_NOTICE_COOKIE)?.value === 'dismissed';

/** The same, read from a request's Cookie header (the page memory decides before Astro's cookies are read). */
export const cookieNoticeDismissedIn = (request: Request) =>
  (request.headers.get('cookie') ?? '').split(';').some((c) => c.trim() === `${COOKIE_NOTICE_COOKIE}=dismissed`);

/** Remembers, for a year, that this browser closed the cookie notice. */
export function dismissCookieNotice(cookies: AstroCookies): void {
  cookies.set(COOKIE_NOTICE_COOKIE, 'dismissed', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: ONE_YEAR_S,
    secure: getEnv().SECURE_COOKIES,
  });
}
