import type { APIContext, APIRoute } from 'astro';
import { AppError } from '@/server/core/errors';
import { fail } from '@/server/web/envelope';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Handler = (ctx: APIContext) => Promise<Response> | Response;

/**
 * One API endpoint: dispatches by method, answers 405 with the envelope for the others,
 * and turns every thrown error into the envelope. Export it as `ALL`.
 * `shared`: its GET answer carries nothing per person (no `wishlisted`, no cart, no account), so one
 * kept copy may answer everyone asking for the same path, query and language (server/web/api-caching.ts).
 */
export function route(handlers: Partial<Record<Method, Handler>>, { shared = false } = {}): APIRoute {
  const allowed = Object.keys(handlers).join(', ');
  return async (ctx) => {
    const method = ctx.request.method.toUpperCase() as Method;
    const handler = handlers[method] ?? (method === ('HEAD' as Method) ? handlers.GET : undefined);
    if (!handler) {
      return fail(
        new AppError({
          code: 'METHOD_NOT_ALLOWED',
          message: 'errors.methodNotAllowed',
          vars: { method: ctx.request.method, allowed },
          headers: { allow: allowed },
        }),
        ctx.locals.t,
      );
    }
    if (shared && (method === 'GET' || method === ('HEAD' as Method))) ctx.locals.sharedAnswer = true;
    try {
      return await handler(ctx);
    } catch (err) {
      return fail(err, ctx.locals.t);
    }
  };
}
