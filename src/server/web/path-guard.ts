/**
 * What every request is checked for where it enters (src/middleware.ts, beside refuseForeignHost), so no
 * route has to defend itself (issue 30):
 * - one rule for every path segment: a NUL byte or another control character is no address of this shop
 *   (400), and digits beyond the database's integer range name no record (404). Without it, `/shop/%00`
 *   reached PostgreSQL (which refuses NUL in text) and `/user/order/pay/2147483648` overflowed an integer
 *   column: both were 500s;
 * - a declared body larger than any route takes is 413 before a byte of it is read, the connection closed
 *   (a page that reads no body used to take all 50 MB first). Each route's own, smaller limit is applied
 *   while its body is read (web/body.ts), a chunked body included.
 */
import { AppError } from '@/server/core/errors';
import { getEnv } from '@/server/core/env';
import { fail } from '@/server/web/envelope';
import { errorPageFallback } from '@/server/web/error-fallback';
import { tooLarge } from '@/server/web/body';

/** The largest id a row can have: ids are PostgreSQL `integer` (identity) columns. */
export const MAX_ID = 2_147_483_647;

export const BAD_PATH_MESSAGE = 'This address contains characters that no address of this shop uses. Check the address and try again.';
export const NO_SUCH_ID_MESSAGE = 'There is nothing at this address. Check the number in it and try again.';

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why this path cannot be served ('bad' 400, 'none' 404), or null. Pure: the fuzz test walks it with every route. */
export function pathProblem(pathname: string): 'bad' | 'none' | null {
  for (const raw of pathname.split('/')) {
    if (!raw) continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return 'bad';
    }
    if (CONTROL.test(segment)) return 'bad';
    // A number too large for an id (leading zeros do not make it larger).
    if (/^\d+$/.test(segment) && Number(segment) > MAX_ID) return 'none';
  }
  return null;
}

/**
 * No route takes a larger body: review photos are the largest (5 × 1 MB, reviews/actions.ts
 * REVIEW_BODY_LIMIT; a unit test keeps that below this). BODY_LIMIT raises it when set higher.
 */
export const LARGEST_BODY = 8 * 1024 * 1024;

/** The largest body any request may declare (Content-Length). */
export function largestBody(env = getEnv()): number {
  return Math.max(LARGEST_BODY, env.BODY_LIMIT);
}

/** The error for this request at its entry, or null when it may go on. */
export function entryProblem(request: Request, url: URL): AppError | null {
  const problem = pathProblem(url.pathname);
  if (problem === 'bad') return new AppError({ code: 'BAD_REQUEST', message: BAD_PATH_MESSAGE });
  if (problem === 'none') return new AppError({ code: 'NOT_FOUND', message: NO_SUCH_ID_MESSAGE });
  const declared = Number(request.headers.get('content-length') ?? 0);
  const limit = largestBody();
  if (declared > limit) return tooLarge(limit);
  return null;
}

/** The answer for a request refused at its entry: the envelope under /api/, a plain error page elsewhere; never cached. */
export function refuseBadRequest(ctx: { request: Request; url: URL }): Response | null {
  const error = entryProblem(ctx.request, ctx.url);
  if (!error) return null;
  if (ctx.url.pathname.startsWith('/api/')) return fail(error);
  const page = errorPageFallback(error.httpStatus, error.message);
  for (const [name, value] of Object.entries(error.headers ?? {})) page.headers.set(name, value);
  return page;
}
