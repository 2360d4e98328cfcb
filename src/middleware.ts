import { defineMiddleware } from 'astro:middleware';
import { ensureReady } from './server/boot';
import { resolveIdentity } from './server/users/identity';
import { getSettings, listLanguages } from './server/settings';
import { applySecurityHeaders } from './server/http/security';
import { directionOf, LANGUAGE_COOKIE, pickLanguage } from './i18n';

/** Builds the request context once (language, identity, settings) and adds security headers. */
export const onRequest = defineMiddleware(async (ctx, next) => {
  await ensureReady();
  const [settings, languages] = await Promise.all([getSettings(), listLanguages()]);
  const lang = pickLanguage(
    languages.map((l) => l.code),
    ctx.cookies.get(LANGUAGE_COOKIE)?.value,
    ctx.request.headers.get('language'),
    settings.default_language,
  );
  const declared = languages.find((l) => l.code === lang)?.direction;
  ctx.locals.lang = lang;
  ctx.locals.dir = directionOf(lang, declared);
  ctx.locals.settings = settings;
  ctx.locals.saveData = ctx.request.headers.get('save-data')?.toLowerCase() === 'on';
  Object.assign(ctx.locals, await resolveIdentity(ctx.request, ctx.cookies));

  const response = await next();
  applySecurityHeaders(response.headers);
  return response;
});
