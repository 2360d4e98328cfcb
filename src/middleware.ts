import { defineMiddleware } from 'astro:middleware';
import type { MiddlewareNext } from 'astro';
import type { APIContext } from 'astro';
import { ensureReady } from '@/server/boot';
import { sendThenRun } from '@/server/core/background';
import { resolveIdentity } from '@/server/web/identity';
import { getSettings, listLanguages } from '@/server/settings';
import { applySecurityHeaders } from '@/server/web/security';
import { errorPageFallback } from '@/server/web/error-fallback';
import { setFlash, takeFlash } from '@/server/web/flash';
import { refuseCrossSite } from '@/server/web/csrf';
import { refuseForeignHost } from '@/server/web/host';
import { refuseBadRequest } from '@/server/web/path-guard';
import { withPageCaching } from '@/server/web/page-caching';
import { rememberForFrontDoor } from '@/server/web/front-answer';
import { withApiCaching } from '@/server/web/api-caching';
import { compressedOnce } from '@/server/web/compress-once';
import { withKeptCartPage } from '@/server/web/kept-cart-pages';
import { regionalRedirect } from '@/server/web/regional';
import { addLayoutHashes } from '@/server/web/csp-hashes';
import { addAnalyticsSources } from '@/server/web/analytics-csp';
import { addGatewaySources } from '@/server/web/gateway-csp';
import { publicOrigin } from '@/server/core/origin';
import { directionOf, getT, LANGUAGE_COOKIE, LOCALE_COOKIE, pickLanguage } from '@/i18n';
import { log } from '@/server/core/logger.mjs';
import { languageRedirect, NOT_A_PAGE, splitLocalePrefix } from '@/lib/locale-path';
import { inRequestLanguage, withLinkLanguage } from '@/server/web/link-language';
import { withCatalogLanguage } from '@/server/i18n/catalog-language';
import { cacheHeader, PRIVATE_NO_STORE } from '@/server/web/cache';
import { guardArea } from '@/server/web/area-guard';
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
  const foreign = refuseForeignHost(ctx) ?? refuseBadRequest(ctx);
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
  // The back office's one guard (`/admin`, `/seller`, `api/v1/admin|seller`), before any cache can answer.
  const guarded = await guardArea(ctx, (prefixed ?? ctx.url.pathname).split('?', 1)[0]!);
  if ('answer' in guarded) {
    guarded.answer.headers.set('cache-control', PRIVATE_NO_STORE);
    applySecurityHeaders(guarded.answer.headers);
    return guarded.answer;
  }
  // A shopper who chose Arabic and opens `/cart` goes to `/ar/cart` (before the page cache: it depends on the cookie).
  const toLanguage = prefixed ? null : redirectToChosenLanguage(ctx);
  if (toLanguage) {
    applySecurityHeaders(toLanguage.headers);
    return toLanguage;
  }
  // `/ar/cart` renders `/cart` in Arabic (prefix-except-default): one set of pages for every language,
  // whose links (src/lib/urls.ts `localHref`) keep the page's language.
  // Files (sitemap.xml, feeds) and the API write unprefixed links.
  const page = isApi(ctx) || NOT_A_PAGE.test(ctx.url.pathname) ? null : { lang: ctx.locals.lang, defaultLang: ctx.locals.defaultLanguage };
  // A page of an area the user may not open is the 403 page, drawn in their language.
  const target = 'forbidden' in guarded ? FORBIDDEN_PAGE : prefixed;
  const render = async () => {
    const rendering = target ? () => next(target) : () => next();
    return page ? keepLanguageInRedirect(ctx, await rendering()) : rendering();
  };
  // The page cache runs inside the language too: a signed-in shopper's copy of a shared page has its
  // account menu and cart link drawn there (server/web/personal.ts), and they must keep the prefix.
  const caching = { renders: target };
  // Public catalog API answers are kept like guest pages (server/web/api-caching.ts, decision 0025);
  // a page sent in one piece (the cart) is read inside the language too: its body is drawn as it is read.
  // The cart page is kept per shopper while their cart is unchanged (server/web/kept-cart-pages.ts).
  const answer = () => withKeptCartPage(ctx, prefixed, async () => compressedOnce(ctx, await withPageCaching(ctx, render, caching)));
  // Catalogue data (titles, names) is read in the request's language too, pages and API alike (decision 0033).
  const language = { lang: ctx.locals.lang, defaultLang: ctx.locals.defaultLanguage };
  const response = await withCatalogLanguage(language, () =>
    page ? withLinkLanguage(page, answer) : isApi(ctx) ? withApiCaching(ctx, render) : answer(),
  );
  // Back-office answers are private and never stored, whatever a page or endpoint said.
  if (ctx.locals.area) response.headers.set('cache-control', PRIVATE_NO_STORE);
  addLayoutHashes(response.headers, ctx.locals.settings.site_setting);
  addAnalyticsSources(response.headers, ctx.locals.settings.setting, ctx.url.pathname, ctx.locals.settings.custom_scripts);
  addGatewaySources(response.headers, ctx.locals.gatewaySources);
  applySecurityHeaders(response.headers);
  rememberForFrontDoor(ctx, response);
  return response;
}

/** Builds `ctx.locals`; returns the unprefixed path when the URL carries a language prefix (`/ar/cart` → `/cart`). */
async function buildContext(ctx: APIContext): Promise<string | null> {
  await ensureReady();
  const [settings, languages] = await Promise.all([getSettings(), listLanguages()]);
  const codes = languages.map((l) => l.code);
  const prefixes = codes.filter((c) => c !== settings.default_language);
  const api = isApi(ctx);
  const prefix = api ? null : splitLocalePrefix(ctx.url.pathname, prefixes);
  const cookie = chosenLanguage(ctx);
  const header = ctx.request.headers.get('language');
  // A page's URL prefix decides its language; an API client's Language header outranks the browser's cookie,
  // and a form posted from an `/ar/…` page (its Referer) answers in Arabic even before a cookie says so.
  const lang =
    prefix?.lang ??
    (api
      ? pickLanguage(codes, header, refererLanguage(ctx, prefixes) ?? cookie, settings.default_language)
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
/** The page drawn in place of a back-office page the user may not open (status 403). */
const FORBIDDEN_PAGE = '/403';
const isApi = (ctx: APIContext) => ctx.url.pathname.startsWith('/api/');

/** The language the shopper chose: the spec's `currentLanguage` cookie, else the locale cookie `i18n_redirected`. */
const chosenLanguage = (ctx: APIContext) => ctx.cookies.get(LANGUAGE_COOKIE)?.value ?? ctx.cookies.get(LOCALE_COOKIE)?.value;

/** The language prefix of the shop page that sent this request (its Referer), if any. */
function refererLanguage(ctx: APIContext, prefixes: string[]): string | null {
  const referer = ctx.request.headers.get('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.origin !== ctx.url.origin && url.origin !== publicOrigin()) return null;
    return splitLocalePrefix(url.pathname, prefixes)?.lang ?? null;
  } catch {
    return null;
  }
}

/** A page's redirect to a path of this shop (`Astro.redirect('/login')`) stays in the page's language (`/ar/login`). */
function keepLanguageInRedirect(ctx: APIContext, response: Response): Response {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location?.startsWith('/') || location.startsWith('//')) return response;
  const localized = inRequestLanguage(ctx.locals, location);
  if (localized === location) return response;
  const headers = new Headers(response.headers);
  headers.set('location', localized);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** 302 from an unprefixed page to the language the cookie names (`languageRedirect` has the rules). */
function redirectToChosenLanguage(ctx: APIContext): Response | null {
  const prefixes = ctx.locals.languages.map((l) => l.code).filter((c) => c !== ctx.locals.defaultLanguage);
  const target = languageRedirect({
    method: ctx.request.method,
    pathname: ctx.url.pathname,
    search: ctx.url.search,
    accept: ctx.request.headers.get('accept'),
    cookie: chosenLanguage(ctx),
    prefixes,
  });
  if (!target) return null;
  // A message waiting for this page waits for the page it is sent to instead.
  if (ctx.locals.flash) setFlash(ctx.cookies, ctx.locals.flash);
  return new Response(null, { status: 302, headers: { location: target, vary: 'Cookie', ...cacheHeader('none') } });
}

/** The 500 page is rendered fully before sending; if it (or its context) fails, a static fallback goes out. */
async function renderErrorPageSafely(ctx: APIContext, next: () => Promise<Response>): Promise<Response> {
  try {
    await buildContext(ctx);
    const response = await withLinkLanguage({ lang: ctx.locals.lang, defaultLang: ctx.locals.defaultLanguage }, () => next());
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
