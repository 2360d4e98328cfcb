/**
 * One rule for every path segment, checked where every request enters (src/middleware.ts, beside
 * refuseForeignHost), so no route has to defend itself (issue 30): a segment with a NUL byte or another
 * control character is no address of this shop (400), and a segment of digits beyond the database's
 * integer range names no record (404). Without it, `/shop/%00` reached PostgreSQL (which refuses NUL in
 * text) and `/user/order/pay/2147483648` overflowed an integer column: both were 500s.
 */
import { AppError } from '@/server/core/errors';
import { fail } from '@/server/web/envelope';
import { errorPageFallback } from '@/server/web/error-fallback';

/** The largest id a row can have: ids are PostgreSQL `integer` (identity) columns. */
export const MAX_ID = 2_147_483_647;

export const BAD_PATH_MESSAGE = 'This address contains characters that no address of this shop uses. Check the address and try again.';
export const NO_SUCH_ID_MESSAGE = 'There is nothing at this address. Check the number in it and try again.';

// eslint-disable-next-line no-control-regex
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

/** The answer for such a path: the envelope under /api/, a plain error page elsewhere; never cached. Null when the path is fine. */
export function refuseBadPath(ctx: { url: URL }): Response | null {
  const problem = pathProblem(ctx.url.pathname);
  if (!problem) return null;
  const error =
    problem === 'bad'
      ? new AppError({ code: 'BAD_REQUEST', message: BAD_PATH_MESSAGE })
      : new AppError({ code: 'NOT_FOUND', message: NO_SUCH_ID_MESSAGE });
  if (ctx.url.pathname.startsWith('/api/')) return fail(error);
  return errorPageFallback(error.httpStatus, error.message);
}
