import { cacheHeader } from '@/server/web/cache';
import type { APIRoute } from 'astro';
import { readBody } from '@/server/web/body';
import { dismissCookieNotice } from '@/server/web/cookie-notice';
import { localPath } from '@/lib/safe-redirect';

/**
 * POST from the cookie notice's plain form (JavaScript off): remember the dismissal in a cookie and go
 * back to the page it was sent from (only a path on this site). Cross-site posts are refused by the
 * middleware's CSRF guard before this runs.
 */
export const POST: APIRoute = async ({ request, cookies }) => {
  const body = (await readBody(request).catch(() => ({}))) as Record<string, unknown>;
  dismissCookieNotice(cookies);
  // Back to the page it came from, guest-only pages included; anything not a path on this site goes home.
  const back = localPath(body.back) ?? '/';
  return new Response(null, { status: 303, headers: { location: back, ...cacheHeader('none') } });
};
