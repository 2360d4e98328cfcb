import type { APIContext, AstroCookies } from 'astro';
import { getEnv } from '@/server/core/env';
import { AppError } from '@/server/core/errors';
import { readBody } from '@/server/web/body';
import { ok } from '@/server/web/envelope';
import { isFormPost, refererPath } from '@/server/web/flash';
import { cacheHeader } from '@/server/web/cache';
import { getT, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LOCALE_COOKIE } from '@/i18n';
import { localizedPath, splitLocalePrefix } from '@/lib/locale-path';
import { localPath } from '@/lib/safe-redirect';
import { getSettings, listLanguages } from '@/server/settings';

/** Remembers the chosen language for a year: the spec's `currentLanguage` and the locale cookie `i18n_redirected`. */
export function setLanguageCookies(cookies: AstroCookies, code: string): void {
  const options = { path: '/', sameSite: 'lax' as const, secure: getEnv().SECURE_COOKIES, maxAge: LANGUAGE_COOKIE_MAX_AGE };
  // Not HttpOnly: the spec's client reads the language from it.
  cookies.set(LANGUAGE_COOKIE, code, options);
  cookies.set(LOCALE_COOKIE, code, options);
}

/**
 * The language switcher's endpoint (`/api/v1/language`, `code` and the page's `_from`): sets the cookies,
 * then a plain form or link goes back to that page in the new language (`/ar/cart`, `/cart`); a JSON
 * client gets the envelope with the message in the new language.
 */
export async function switchLanguage(ctx: APIContext): Promise<Response> {
  const body =
    ctx.request.method === 'GET'
      ? Object.fromEntries(ctx.url.searchParams)
      : (((await readBody(ctx.request)) ?? {}) as Record<string, unknown>);
  const [languages, settings] = await Promise.all([listLanguages(), getSettings()]);
  const code = String(body.code ?? '')
    .trim()
    .toLowerCase();
  const language = languages.find((l) => l.code === code);
  if (!language)
    throw new AppError({
      code: 'VALIDATION',
      message: 'errors.notFound.language',
      details: { fields: { code: 'errors.notFound.language' } },
    });
  setLanguageCookies(ctx.cookies, language.code);
  const t = await getT(language.code);
  const message = t('success.languageChanged', { name: language.name });
  const wantsJson = (ctx.request.headers.get('accept') ?? '').includes('application/json');
  if (wantsJson && !isFormPost(ctx.request)) return ok({ language, current_language: language.code }, { message });
  const from = localPath(body._from) ?? refererPath(ctx) ?? '/';
  const prefixes = languages.filter((l) => l.code !== settings.default_language).map((l) => l.code);
  const back = localizedPath(splitLocalePrefix(from, prefixes)?.path ?? from, language.code, settings.default_language);
  return new Response(null, { status: 303, headers: { location: back, ...cacheHeader('none') } });
}
