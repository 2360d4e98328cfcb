import type { APIContext } from 'astro';
import type { z } from 'zod';
import { AppError } from './errors';
import { parseWith, readBody } from './body';
import { isFormPost } from './flash';
import { answer, formAware } from '../users/respond';
import { loginRedirect } from '../users/require';
import type { ActionSpec } from '../lists/action-shape';
import { localPath, localPathOfUrl } from '../../lib/safe-redirect';
import { publicOrigin } from './origin';
import { getT } from '../../i18n';

/**
 * Stand-in for the planned action runner (web-layer.md, phase 2) for actions declared in
 * `<domain>/actions.ts`: JSON clients get the envelope; a plain form post gets a 303 back to the page it
 * came from (its `_from` field, else the Referer) with the message as a flash. A guest calling an action
 * for users gets 401, or, posting a plain form, a 303 to /login that comes back to that page.
 */
export function serveDeclared<S extends z.ZodType, R>(action: ActionSpec<S, R>) {
  return formAware(async (ctx: APIContext) => {
    const body = await readBody(ctx.request);
    const from = fromOf(ctx, body);
    const user = ctx.locals.user;
    if (action.auth === 'user' && !user) {
      if (isFormPost(ctx.request)) return new Response(null, { status: 303, headers: { location: loginRedirect(new URL(from ?? '/', ctx.url)) } });
      throw new AppError({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    }
    const input = parseWith(action.input, body, ctx.locals.lang);
    const result = await action.run(input, { user: user ? { id: user.id, name: user.name, email: user.email } : null, guestToken: null });
    const t = await getT(ctx.locals.lang);
    const message = t(typeof action.message === 'function' ? action.message(result) : action.message);
    return answer(ctx, result, message, action.back ?? from ?? undefined);
  });
}

/** The page a form came from: its hidden `_from` field, else the Referer, through the one redirect rule. */
function fromOf(ctx: APIContext, body: unknown): string | null {
  const field = body && typeof body === 'object' ? (body as Record<string, unknown>)._from : undefined;
  if (typeof field === 'string') {
    const path = localPath(field);
    if (path) return path;
  }
  return localPathOfUrl(ctx.request.headers.get('referer'), [ctx.url.origin, publicOrigin()]);
}
