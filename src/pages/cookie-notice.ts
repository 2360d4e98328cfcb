import type { APIRoute } from 'astro';
import { readBody } from '../server/http/body';
import { dismissCookieNotice } from '../server/http/cookie-notice';
import { safeRedirect } from '../server/users/redirect';

/**
 * POST from the cookie notice's plain form (JavaScript off): remember the dismissal in a cookie and go
 * back to the page it was sent from (only a path on this site). Cross-site posts are refused by the
 * middleware's CSRF guard before this runs.
 */
export const POST: APIRoute = async ({ request, cookies, url }) => {
  const body = (await readBody(request).catch(() => ({}))) as Record<string, unknown>;
  dismissCookieNotice(cookies);
  const back = safeRedirect(typeof body.back === 'string' ? body.back : null, url.origin);
  return new Response(null, { status: 303, headers: { location: back, 'cache-control': 'no-store' } });
};
