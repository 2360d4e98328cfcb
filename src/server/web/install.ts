import type { APIContext, APIRoute, MiddlewareNext } from 'astro';
import { route } from '@/server/web/route';
import { AppError, isAppError, notFound } from '@/server/core/errors';
import { getEnv } from '@/server/core/env';
import { publicOrigin } from '@/server/core/origin';
import { SettingsSchema } from '@/lib/schemas/settings';
import { SetupTokenSchema } from '@/lib/schemas/install';
import { parseWith } from '@/server/core/validation';
import { LANGUAGES } from '@/server/demo/data/settings';
import { installing } from '@/server/install/wizard';
import { requireSetupToken } from '@/server/install/token-guard';
import { directionOf, getT, LANGUAGE_COOKIE, pickLanguage } from '@/i18n';
import { fail, ok } from '@/server/web/envelope';
import { readBody } from '@/server/web/body';
import { isFormPost, redirectWithFlash, takeFlash } from '@/server/web/flash';
import { refuseCrossSite } from '@/server/web/csrf';
import { refuseForeignHost } from '@/server/web/host';
import { applySecurityHeaders } from '@/server/web/security';
import { addLayoutHashes } from '@/server/web/csp-hashes';
import { clientAddressOf } from '@/server/web/client-address';
import { cacheHeader } from '@/server/web/cache';

/**
 * The web side of the install wizard (docs/decisions/0019). While it runs, the shop has no database
 * (or one still being set up), so the middleware hands requests here: `/install` and
 * `/api/v1/install/*` answer with a context built without the database; every other page goes to
 * `/install` and every other API call gets a 503. Afterwards all of it answers 404.
 */
export const SETUP_COOKIE = 'frontend_setup';
const SETUP_COOKIE_MAX_AGE_S = 24 * 60 * 60;

const OPEN_WHILE_INSTALLING = (path: string) =>
  path === '/install' || path.startsWith('/api/v1/install/') || path === '/api/v1/health' || path === '/readyz';

export const INSTALLING_MESSAGE = 'This shop is being installed: finish the install wizard at /install first.';

/** The middleware's answer while the wizard runs. */
export async function answerWhileInstalling(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  const refused = refuseForeignHost(ctx) ?? refuseCrossSite(ctx);
  if (refused) {
    applySecurityHeaders(refused.headers);
    return refused;
  }
  await buildSetupContext(ctx);
  let response: Response;
  if (OPEN_WHILE_INSTALLING(ctx.url.pathname)) response = await next();
  else if (ctx.url.pathname.startsWith('/api/'))
    response = fail(new AppError({ code: 'UNAVAILABLE', message: INSTALLING_MESSAGE }), ctx.locals.t);
  else response = new Response(null, { status: 303, headers: { location: '/install', ...cacheHeader('none') } });
  addLayoutHashes(response.headers, ctx.locals.settings.site_setting);
  applySecurityHeaders(response.headers);
  return response;
}

/** `ctx.locals` without a database: the bundled languages, default settings, no user. */
async function buildSetupContext(ctx: APIContext): Promise<void> {
  const codes = LANGUAGES.map((l) => l.code);
  const accepted = ctx.request.headers.get('accept-language')?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  const lang = pickLanguage(codes, ctx.cookies.get(LANGUAGE_COOKIE)?.value, ctx.request.headers.get('language') ?? accepted, 'en');
  ctx.locals.lang = lang;
  ctx.locals.languages = LANGUAGES.map(({ code, name, predefined, direction, isDefault }) => ({
    code,
    name,
    predefined,
    direction,
    isDefault,
  }));
  ctx.locals.defaultLanguage = 'en';
  ctx.locals.t = await getT(lang);
  ctx.locals.dir = directionOf(lang);
  ctx.locals.origin = publicOrigin();
  ctx.locals.settings = SettingsSchema.parse({});
  ctx.locals.saveData = false;
  ctx.locals.user = null;
  ctx.locals.guestToken = null;
  ctx.locals.sessionHash = null;
  ctx.locals.flash = ctx.request.method === 'GET' && !ctx.url.pathname.startsWith('/api/') ? takeFlash(ctx.cookies) : null;
}

/** The setup token a request carries: the `X-Setup-Token` header (API clients) or the cookie step 1 set. */
export const setupTokenOf = (ctx: Pick<APIContext, 'request' | 'cookies'>) =>
  ctx.request.headers.get('x-setup-token') ?? ctx.cookies.get(SETUP_COOKIE)?.value ?? null;

/**
 * Whether the page may show the wizard's steps: `none` (ask for the token), `ok`, or `wrong` (a cookie
 * from before a restart: it counts as a wrong attempt and is dropped, so it counts once).
 */
export function setupTokenState(ctx: Pick<APIContext, 'request' | 'cookies' | 'clientAddress'>): 'none' | 'ok' | 'wrong' {
  const token = setupTokenOf(ctx);
  if (!token) return 'none';
  try {
    requireSetupToken(token, clientAddressOf(ctx));
    return 'ok';
  } catch {
    ctx.cookies.delete(SETUP_COOKIE, { path: '/' });
    return 'wrong';
  }
}

type Handler = (ctx: APIContext) => Promise<Response> | Response;

/**
 * An install endpoint: 404 once the shop is installed (or never was in setup mode); with `token`, the
 * setup token is required (a plain form without it goes back to /install with the message).
 */
export function installEndpoint(handler: Handler, { token = true } = {}): Handler {
  return async (ctx) => {
    if (!installing()) throw notFound('item');
    if (token) {
      try {
        requireSetupToken(setupTokenOf(ctx), clientAddressOf(ctx));
      } catch (err) {
        if (isFormPost(ctx.request) && isAppError(err))
          return redirectWithFlash(ctx, { type: 'error', message: err.localized(ctx.locals.t).message }, '/install');
        throw err;
      }
    }
    return handler(ctx);
  };
}

/**
 * An install endpoint's route: while installing, `route(handlers)` (405 for other methods); otherwise
 * 404 for every method, so an installed shop shows no trace of the wizard.
 */
export function installRoute(handlers: Parameters<typeof route>[0]): APIRoute {
  const served = route(handlers);
  return (ctx) => (installing() ? served(ctx) : fail(notFound('item'), ctx.locals.t));
}

/** Step 1's form: checks the pasted token and keeps it in an HttpOnly cookie for the next steps. */
export async function acceptSetupToken(ctx: APIContext): Promise<Response> {
  const form = isFormPost(ctx.request);
  try {
    const { setup_token } = parseWith(SetupTokenSchema, (await readBody(ctx.request)) ?? {}, ctx.locals.lang);
    requireSetupToken(setup_token, clientAddressOf(ctx));
    ctx.cookies.set(SETUP_COOKIE, setup_token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: getEnv().SECURE_COOKIES,
      maxAge: SETUP_COOKIE_MAX_AGE_S,
    });
    const message = ctx.locals.t('install.done.token');
    if (form) return redirectWithFlash(ctx, { type: 'success', message }, '/install');
    return ok({ accepted: true }, { message });
  } catch (err) {
    if (!form || !isAppError(err)) throw err;
    const text = err.localized(ctx.locals.t);
    return redirectWithFlash(ctx, { type: 'error', message: text.form[0] ?? text.message }, '/install');
  }
}

/** After the last step the token is worthless: its cookie goes too. */
export function forgetSetupCookie(ctx: Pick<APIContext, 'cookies'>): void {
  ctx.cookies.delete(SETUP_COOKIE, { path: '/' });
}
