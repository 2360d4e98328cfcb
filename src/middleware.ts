import { defineMiddleware } from 'astro:middleware';
import type { MiddlewareNext } from 'astro';
import type { APIContext } from 'astro';
import { ensureReady } from '@/server/boot';
import { sendThenRun } from '@/server/core/background';
import { resolveIdentity } from '@/server/web/identity';
import { getSettings, listLanguages } from '@/server/settings';
import { applySecurityHeaders } from '@/server/web/security';
import { errorPageFallback } from '@/server/web/error-fallback';
import { takeFlash } from '@/server/web/flash';
import { refuseCrossSite } from '@/server/web/csrf';
import { refuseForeignHost } from '@/server/web/host';
import { withPageCaching } from '@/server/web/page-caching';
import { regionalRedirect } from '@/server/web/regional';
import { addLayoutHashes } from '@/server/web/csp-hashes';
import { addAnalyticsSources } from '@/server/web/analytics-csp';
import { addGatewaySources } from '@/server/web/gateway-csp';
import { publicOrigin } from '@/server/core/origin';
import { directionOf, getT, LANGUAGE_COOKIE, pickLanguage } from '@/i18n';
import { log } from '@/server/core/logger.mjs';
import { splitLocalePrefix } from '@/lib/locale-path';
import { numberLocale } from '@/lib/price';
import { installing } from '@/server/install/wizard';
import { answerWhileInstalling } from '@/server/web/install';

/** Builds the request context once (language, identity, settings) and adds security headers; work queued for after the answer waits until it is sent. */
export const onRequest = defineMiddleware((ctx, next) => sendThenRun(() => handle(ctx, next)));

async function handle(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  await ensureReady();
  // `--setup` on a shop not installed yet: only the install wizard answers (server/web/install.ts).
  if (installing()) return answerWhileInstalling(ctx, next);
  // First: a request for another host is answered before anything could be built (or cached) from it.
  const foreign = refuseForeignHost(ctx);
  if (foreign) {
    applySecurityHeaders(foreign.headers);
    return foreign;
  }
  if (isErrorPage(ctx)) return renderErrorPageSafely(ctx, next);
  const refused = refuseCrossSite(ctx);
  if (refused) {
    applySecurityHeaders(refused.headers);
    return refused;
  }
  // Before the page cache: the same URL answers differently by country.
  const regional = regionalRedirect(ctx);
  if (regional) {
    applySecurityHeaders(regional.headers);
    return regional;
  }
  const prefixed = await buildContext(ctx);
  // `/ar/cart` renders `/cart` in Arabic (prefix-except-default): one set of pages for every language.
  const render = prefixed ? () => next(prefixed) : next;
  const response = await withPageCaching(ctx, render);
  addLayoutHashes(response.headers, ctx.locals.settings.site_setting);
  addAnalyticsSources(response.headers, ctx.locals.settings.setting, ctx.url.pathname, ctx.locals.settings.custom_scripts);
  addGatewaySources(response.headers, ctx.locals.gatewaySources);
  applySecurityHeaders(response.headers);
  return response;
}

/** Builds `ctx.locals`; returns the unprefixed path when the URL carries a language prefix (`/ar/cart` → `/cart`). */
async function buildContext(ctx: APIContext): Promise<string | null> {
  await ensureReady();
  const [settings, languages] = await Promise.all([getSettings(), listLanguages()]);
  const codes = languages.map((l) => l.code);
  const prefixes = codes.filter((c) => c !== settings.default_language);
  const prefix = ctx.url.pathname.startsWith('/api/') ? null : splitLocalePrefix(ctx.url.pathname, prefixes);
  const cookie = ctx.cookies.get(LANGUAGE_COOKIE)?.value;
  const header = ctx.request.headers.get('language');
  // A page's URL prefix decides its language; an API client's Language header outranks the browser's cookie.
  const lang =
    prefix?.lang ??
    (ctx.url.pathname.startsWith('/api/')
      ? pickLanguage(codes, header, cookie, settings.default_language)
      : pickLanguage(codes, cookie, header, settings.default_language));
  const declared = languages.find((l) => l.code === lang)?.direction;
  ctx.locals.lang = lang;
  ctx.locals.languages = languages;
  ctx.locals.defaultLanguage = settings.default_language;
  ctx.locals.t = await getT(lang);
  ctx.locals.origin = publicOrigin();
  ctx.locals.dir = directionOf(lang, declared);
  // Numbers and prices read in the page's language, with the shop's currency symbol and position.
  ctx.locals.settings = {
    ...settings,
    setting: { ...settings.setting, decimal_format: numberLocale(lang, settings.default_language, settings.setting.decimal_format) },
  };
  ctx.locals.saveData = ctx.request.headers.get('save-data')?.toLowerCase() === 'on';
  Object.assign(ctx.locals, await resolveIdentity(ctx.request, ctx.cookies));
  ctx.locals.flash = ctx.request.method === 'GET' && !ctx.url.pathname.startsWith('/api/') ? takeFlash(ctx.cookies) : null;
  return prefix ? prefix.path + ctx.url.search : null;
}

const isErrorPage = (ctx: APIContext) => ctx.routePattern === '/500';

/** The 500 page is rendered fully before sending; if it (or its context) fails, a static fallback goes out. */
async function renderErrorPageSafely(ctx: APIContext, next: () => Promise<Response>): Promise<Response> {
  try {
    await buildContext(ctx);
    const response = await next();
    const body = await response.text();
    const safe = new Response(body, { status: response.status, headers: response.headers });
    addLayoutHashes(safe.headers, ctx.locals.settings.site_setting);
    applySecurityHeaders(safe.headers);
    return safe;
  } catch (err) {
    log.error({ err }, 'error-page: the error page failed');
    const fallback = errorPageFallback();
    applySecurityHeaders(fallback.headers);
    return fallback;
  }
}
