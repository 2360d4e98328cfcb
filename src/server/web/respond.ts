import type { APIContext } from 'astro';
import { ok } from '@/server/web/envelope';
import { isAppError, notFound } from '@/server/core/errors';
import { IdSchema } from '@/lib/schemas/account';
import { isFormPost, redirectWithFlash } from '@/server/web/flash';

type Handler = (ctx: APIContext) => Promise<Response>;

/**
 * For account endpoints that a plain HTML form may post to: a browser without JavaScript gets a
 * 303 back (with the message as a flash), every other client the JSON envelope.
 */
export function answer(ctx: APIContext, data: unknown, message: string, back?: string): Response {
  if (isFormPost(ctx.request)) return redirectWithFlash(ctx, { type: 'success', message }, back);
  return ok(data, { message });
}

/** Wraps a handler so a form post's error also comes back as a 303 with an error flash. */
export function formAware(handler: Handler): Handler {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (isFormPost(ctx.request) && isAppError(err) && err.code !== 'INTERNAL') {
        return redirectWithFlash(ctx, { type: 'error', message: err.form[0] ?? err.message });
      }
      throw err;
    }
  };
}

/** A path id (`/…/{id}`); anything that is not a positive integer is simply not found. */
export function idParam(value: string | undefined, what: string): number {
  const id = IdSchema.safeParse(value);
  if (!id.success) throw notFound(what);
  return id.data;
}
