import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import type { z } from 'zod';
import { getEnv } from '../env';
import { ok, fail } from '../http/envelope';
import { AppError, isAppError } from '../http/errors';
import { isFormPost, redirectWithFlash } from '../http/flash';
import { parseWith, readBody } from '../http/body';
import { GUEST_COOKIE } from '../users/identity';
import { localPath } from '../../lib/safe-redirect';
import { CART_COUNT_COOKIE } from '../../lib/cart-math';
import type { ActionDeclaration } from '../cart/action-shape';
import { getT } from '../../i18n';

/** The guest cookie's life: the spec's auth cookie age (section 9). */
const GUEST_MAX_AGE_S = 31_622_400;

/**
 * Stand-in for phase 2's action runner (web-layer.md) for the cart's declarations: reads the body (JSON
 * or a plain form), gives a guest a token (HttpOnly cookie) when a 'guest-or-user' action needs one,
 * runs the action, writes the badge's cookie, and answers with the envelope — or, to a no-JavaScript
 * form, a 303 back (to `back`, else the form's `_from`) with the message as a flash.
 */
export function serveCartAction<S extends z.ZodType, R>(declaration: ActionDeclaration<S, R>, extra: (ctx: APIContext) => Record<string, unknown> = () => ({})) {
  return async (ctx: APIContext): Promise<Response> => {
    const form = isFormPost(ctx.request);
    const raw = await readBody(ctx.request).catch((err: unknown) => (form ? {} : Promise.reject(err)));
    // A JSON body that is not an object (null, a list, a number) is read as an empty one: the schema says what is missing.
    const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const from = typeof body._from === 'string' ? (localPath(body._from) ?? undefined) : undefined;
    try {
      authorize(ctx, declaration.auth);
      const input = parseWith(declaration.input, { ...body, ...extra(ctx) }, ctx.locals.lang);
      const result = await declaration.run(input, { user: ctx.locals.user, guestToken: ctx.locals.guestToken, lang: ctx.locals.lang });
      const count = (result as { cartCount?: unknown } | null)?.cartCount;
      if (typeof count === 'number') setCountCookie(ctx, count);
      const t = await getT(ctx.locals.lang);
      const key = typeof declaration.message === 'function' ? declaration.message(result, input) : declaration.message;
      const message = t(key);
      if (!form) return ok(result, { message });
      const back = typeof declaration.back === 'function' ? declaration.back(result, input) : declaration.back;
      return redirectWithFlash(ctx, { type: 'success', message }, back ?? from);
    } catch (err) {
      if (!form || !isAppError(err) || err.httpStatus >= 500) return fail(err);
      if (err.code === 'UNAUTHENTICATED') return redirectWithFlash(ctx, { type: 'error', message: err.message }, `/login?redirect=${encodeURIComponent(from ?? '/cart')}`);
      return redirectWithFlash(ctx, { type: 'error', message: err.form[0] ?? err.message }, from);
    }
  };
}

function authorize(ctx: APIContext, auth: ActionDeclaration<z.ZodType, unknown>['auth']): void {
  if (auth === 'user' && !ctx.locals.user) throw new AppError({ code: 'UNAUTHENTICATED', message: 'Please sign in first.' });
  if (auth !== 'guest-or-user' || ctx.locals.user) return;
  if (!ctx.locals.guestToken) ctx.locals.guestToken = mintGuestToken(ctx);
  // A browser's script sent its localStorage token: the cookie takes the same one, so pages show this cart.
  else if (!ctx.cookies.has(GUEST_COOKIE)) setGuestCookie(ctx, ctx.locals.guestToken);
}

/** A new guest's token, kept in the HttpOnly guest cookie so pages and later calls find the same cart. */
function mintGuestToken(ctx: APIContext): string {
  const token = randomBytes(24).toString('base64url');
  setGuestCookie(ctx, token);
  return token;
}

function setGuestCookie(ctx: APIContext, token: string): void {
  ctx.cookies.set(GUEST_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: getEnv().SECURE_COOKIES, maxAge: GUEST_MAX_AGE_S });
}

/** The badge's cookie (readable by the shell script; it holds only a number). */
export function setCountCookie(ctx: Pick<APIContext, 'cookies'>, count: number): void {
  if (count > 0) ctx.cookies.set(CART_COUNT_COOKIE, String(count), { path: '/', httpOnly: false, sameSite: 'lax', secure: getEnv().SECURE_COOKIES, maxAge: GUEST_MAX_AGE_S });
  else ctx.cookies.delete(CART_COUNT_COOKIE, { path: '/' });
}
