import type { APIContext, AstroGlobal } from 'astro';
import type { z } from 'zod';
import type { ActionDef } from '@/server/core/action';
import { AppError, isAppError } from '@/server/core/errors';
import { parseWith } from '@/server/core/validation';
import { ok } from '@/server/web/envelope';
import { readBody } from '@/server/web/body';
import { readUploadBody } from '@/server/web/multipart';
import { isFormPost, redirectWithFlash, refererPath, type FlashForm } from '@/server/web/flash';
import { actorOf } from '@/server/web/request-context';
import { storesOfRequest } from '@/server/web/access';
import { performAction } from '@/server/core/perform';
import { can } from '@/server/core/policy';
import { clearSessionCookie, setSessionCookie } from '@/server/web/session-cookie';
import { localPath } from '@/lib/safe-redirect';
import { translateMessage } from '@/i18n';

type Body = Record<string, unknown>;

/** Typed fields that never travel back to the form (nor into a cookie). */
const SECRET = /password|secret|token|^code$|card|cvc|^_/i;
/** The flash cookie stays well under a browser's 4 KB per cookie. */
const MAX_VALUES_JSON = 2000;

/**
 * The one runner: serves a declared action (src/server/<domain>/actions.ts) on its `/api/v1/...` route.
 * - JSON clients and enhanced forms (`Accept: application/json`) get the envelope.
 * - A plain form post (JavaScript off) gets a 303: on success to the action's `back` (else the page
 *   it came from, the hidden `_from` field) with the message as a flash; on failure back to that page,
 *   whose form shows the message, the message per field and what was typed (`formStateOf`).
 * `extra` adds inputs the path's query carries. Export it through `route()`: `export const ALL = route({ POST: serveAction(changePassword) })`.
 */
export function serveAction<R>(action: ActionDef<z.ZodType, R>, extra?: (ctx: APIContext) => Record<string, unknown>) {
  return async (ctx: APIContext): Promise<Response> => {
    // A plain form post, or a link followed by a browser (logout): answered with a redirect, not JSON.
    const form = isFormPost(ctx.request) || isNavigation(ctx.request);
    let body: Body = {};
    // Inside the back office every action must name its permission: one that forgot is refused, never run.
    if (ctx.locals.area && typeof action.auth !== 'object')
      throw new AppError({
        code: 'INTERNAL',
        message: `The action ${action.name} names no permission, so it cannot run in the back office.`,
      });
    if ((action.auth === 'user' || typeof action.auth === 'object') && !can(ctx.locals.user, 'use:account')) {
      const signIn = new AppError({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
      if (!form) throw signIn;
      // A guest's plain form goes to the sign-in page, which brings them back to the page they were on.
      const from = fromOf((await readBody(ctx.request).catch(() => ({}))) as Body) ?? refererPath(ctx) ?? '/';
      return redirectWithFlash(
        ctx,
        { type: 'error', message: signIn.localized(ctx.locals.t).message },
        `/login?redirect=${encodeURIComponent(from)}`,
      );
    }
    try {
      const actor = actorOf(ctx);
      body = (action.upload ? await readUploadBody(ctx.request, uploadLimitOf(action)) : ((await readBody(ctx.request)) ?? {})) as Body;
      const input = parseWith(action.input, { ...(isObject(body) ? body : {}), ...definedParams(ctx.params), ...extra?.(ctx) }, actor.lang);
      const result = await performAction(action as ActionDef<never, R>, input, actor, storesOfRequest(ctx));
      // A cart action answers with the cart's count: the badge's cookie is written from it (web/cart-actions.ts), not read again.
      if (isObject(result) && typeof result.cartCount === 'number') ctx.locals.cartCount = result.cartCount;
      const effect = action.session?.(result) ?? null;
      if (effect === 'close') clearSessionCookie(ctx.cookies);
      else if (effect) setSessionCookie(ctx.cookies, effect.open);
      const message =
        typeof action.message === 'string'
          ? translateMessage(ctx.locals.t, action.message)
          : translateMessage(
              ctx.locals.t,
              action.message(result, (key, vars) => translateMessage(ctx.locals.t, key, vars)),
            );
      if (!form) return ok(action.data ? action.data(result) : result, { message });
      const back = typeof action.back === 'function' ? action.back(result, input, body) : action.back;
      return redirectWithFlash(ctx, { type: 'success', message }, back ?? fromOf(body));
    } catch (err) {
      if (!form || !isAppError(err) || err.httpStatus >= 500) throw err;
      const text = err.localized(ctx.locals.t);
      const state: FlashForm = { id: action.name, fields: fieldsOf(text.details), values: typedValues(body) };
      const flash = { type: 'error' as const, message: text.form[0] ?? text.message, form: state, inline: body._inline === '1' };
      return redirectWithFlash(ctx, flash, fromOf(body));
    }
  };
}

/** What a form shows after a failed plain post: the message, the message per field, and what was typed. */
export interface FormState {
  message: string | null;
  fields: Record<string, string>;
  values: Record<string, string>;
}

export const emptyForm = (values: Record<string, string> = {}): FormState => ({ message: null, fields: {}, values });

/** The state of the form of `action` on this page: the failure the runner sent back, or an empty form. */
export function formStateOf(Astro: Pick<AstroGlobal, 'locals'>, action: { name: string }): FormState {
  const flash = Astro.locals.flash;
  if (flash?.type !== 'error' || flash.form?.id !== action.name) return emptyForm();
  return { message: flash.message, fields: flash.form.fields, values: flash.form.values };
}

/** The failure of `action`'s form on this page, or null when it did not fail. */
export function failureOf(Astro: Pick<AstroGlobal, 'locals'>, action: { name: string }): FormState | null {
  const state = formStateOf(Astro, action);
  return state.message === null ? null : state;
}

/** True when the page's flash belongs to one of its forms (that form shows it, the toast does not). */
export const flashBelongsToForm = (Astro: Pick<AstroGlobal, 'locals'>) => Boolean(Astro.locals.flash?.form);

const uploadLimitOf = (action: Pick<ActionDef, 'upload'>) => (typeof action.upload === 'object' ? action.upload.limit : undefined);

const isNavigation = (request: Request) => request.method === 'GET' && (request.headers.get('accept') ?? '').includes('text/html');

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

const definedParams = (params: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));

/** The page the form was on (its hidden `_from` field), through the one redirect rule; else the Referer decides. */
const fromOf = (body: Body): string | undefined => localPath(body._from) ?? undefined;

const fieldsOf = (details: Record<string, unknown> | undefined) => {
  const fields = (details?.fields as Record<string, string> | undefined) ?? {};
  return Object.fromEntries(
    Object.entries(fields)
      .slice(0, 30)
      .map(([k, v]) => [k.slice(0, 60), String(v).slice(0, 600)]),
  );
};

function typedValues(body: Body): Record<string, string> {
  const values: Record<string, string> = {};
  let size = 0;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string' || SECRET.test(key) || key.length > 60) continue;
    const kept = value.slice(0, 600);
    size += key.length + kept.length + 6;
    if (size > MAX_VALUES_JSON) break;
    values[key] = kept;
  }
  return values;
}
