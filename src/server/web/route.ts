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
      const answer = await handler(ctx);
      return method === 'GET' || method === ('HEAD' as Method) ? answer : withLength(answer);
    } catch (err) {
      return fail(err, ctx.locals.t);
    }
  };
}

/**
 * An action's JSON answer with its Content-Length. Without one the server's compression layer cannot see how
 * small it is and starts a brotli stream for every answer: a guest's first add to the cart (a 200-byte
 * envelope) spent about 15 % of its CPU there. With it, answers under the layer's threshold (1 KB) go out as
 * they are. Only answers to writes: they are never kept or rewritten afterwards (a kept GET answer may be).
 */
async function withLength(answer: Response): Promise<Response> {
  if (!answer.body || answer.headers.has('content-length') || !answer.headers.get('content-type')?.startsWith('application/json'))
    return answer;
  const body = Buffer.from(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.set('content-length', String(body.length));
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
}
