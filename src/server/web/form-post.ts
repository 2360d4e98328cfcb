import type { APIContext } from 'astro';
import { fail } from '@/server/web/envelope';
import { isAppError } from '@/server/core/errors';
import { isFormPost, redirectWithFlash } from '@/server/web/flash';

/**
 * Runs an endpoint's handler; a plain no-JavaScript form post gets a 303 back to the page with the
 * envelope's message (or the first form error) as a flash toast, everyone else gets the JSON envelope.
 */
export async function answerFormPost(ctx: APIContext, handle: () => Promise<Response>, opts: { field?: string } = {}): Promise<Response> {
  if (!isFormPost(ctx.request)) return handle();
  try {
    const response = await handle();
    const { message } = (await response.clone().json()) as { message: string };
    return redirectWithFlash(ctx, { type: 'success', message });
  } catch (err) {
    if (!isAppError(err) || err.httpStatus >= 500) return fail(err);
    // An error about one field goes back to that field (opts.field) instead of the toast.
    return redirectWithFlash(ctx, { type: 'error', message: err.form[0] ?? err.message, ...(opts.field ? { field: opts.field } : {}) });
  }
}
