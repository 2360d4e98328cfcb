import type { AstroGlobal } from 'astro';
import { AppError, isAppError } from '@/server/core/errors';
import { setFlash } from '@/server/web/flash';
import { readUploadBody } from '@/server/web/multipart';
import { loginRedirect } from '@/server/web/guards';
import type { SessionUser } from '@/server/core/actor';

/**
 * The start of every /user/* page: private, never stored by caches; a guest is sent to
 * /login?redirect=… with a 303.
 */
export function guardAccountPage(Astro: AstroGlobal): SessionUser | Response {
  Astro.response.headers.set('cache-control', 'private, no-store');
  if (!Astro.locals.user) {
    return new Response(null, { status: 303, headers: { location: loginRedirect(Astro.url), 'cache-control': 'private, no-store' } });
  }
  return Astro.locals.user;
}

export type FormBody = Record<string, unknown>;
export interface ActionDone {
  message: string;
  /** Where to go next; the same page by default. */
  to?: string;
}
export interface ActionFailure {
  action: string;
  message: string;
  fields: Record<string, string>;
  values: FormBody;
}

/**
 * Handles a plain-HTML form post to an account page (JavaScript off): runs the action named by
 * the `_action` field; success → 303 with a flash message, failure → the page renders again with
 * the messages and the typed values (HTTP 422).
 */
export async function runPageAction(
  Astro: AstroGlobal,
  actions: Record<string, (body: FormBody) => Promise<ActionDone>>,
): Promise<Response | ActionFailure | null> {
  if (Astro.request.method !== 'POST') return null;
  let body: FormBody = {};
  let action = '';
  try {
    body = await readUploadBody(Astro.request);
    action = String(body._action ?? '');
    const run = actions[action];
    if (!run) throw new AppError({ code: 'BAD_REQUEST', message: 'This form is out of date. Please reload the page and try again.' });
    const done = await run(body);
    setFlash(Astro.cookies, { type: 'success', message: done.message });
    return new Response(null, { status: 303, headers: { location: done.to ?? Astro.url.pathname, 'cache-control': 'private, no-store' } });
  } catch (err) {
    if (!isAppError(err) || err.code === 'INTERNAL') throw err;
    Astro.response.status = err.httpStatus;
    const fields = (err.details?.fields as Record<string, string> | undefined) ?? {};
    const values = Object.fromEntries(Object.entries(body).filter(([k, v]) => typeof v === 'string' && !/password/.test(k)));
    return { action, message: err.form[0] ?? err.message, fields, values };
  }
}
