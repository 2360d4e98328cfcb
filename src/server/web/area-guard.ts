import type { APIContext } from 'astro';
import { placeOf } from '@/server/backoffice/areas';
import { AppError, isAppError } from '@/server/core/errors';
import { getSettings } from '@/server/settings';
import { cacheHeader } from '@/server/web/cache';
import { fail } from '@/server/web/envelope';
import { mustHere } from '@/server/web/access';
import { loginRedirect } from '@/server/web/guards';
import { inRequestLanguage } from '@/server/web/link-language';

/** What the guard decided: let the request through, answer it, or render the 403 page in its place. */
export type AreaDecision = { pass: true } | { answer: Response } | { forbidden: true };

/**
 * The one guard of `/admin`, `/seller` (pages) and `api/v1/admin|seller`, run by the middleware before any
 * cache: a guest gets 401 (a page: the sign-in page with a return address); a user without the section's
 * permission 403; an account with two-factor sign-in (or one the owner requires it of) must pass it first.
 * Objects outside the caller's scope are the services' 404 (core/policy.ts `inScope`).
 */
export async function guardArea(ctx: APIContext, path: string): Promise<AreaDecision> {
  const place = placeOf(path);
  if (!place) return { pass: true };
  ctx.locals.area = place.area;
  try {
    await mustHere(ctx, place.area === 'admin' ? 'enter:admin' : 'enter:seller');
    if (!place.section) throw new AppError({ code: 'NOT_FOUND', message: 'errors.notFound.item' });
    await mustHere(ctx, place.section.can);
    if (!place.section.beforeTwoFactor) {
      const step = await twoFactorStep(ctx);
      if (step) {
        if (place.api) throw new AppError({ code: 'UNAUTHENTICATED', message: 'backoffice.twoFactor.needed' });
        const to = `/${place.area}/two-factor?redirect=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`;
        return { answer: redirect(inRequestLanguage(ctx.locals, to)) };
      }
    }
    return { pass: true };
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (place.api) return { answer: fail(err, ctx.locals.t) };
    if (err.code === 'UNAUTHENTICATED') return { answer: redirect(inRequestLanguage(ctx.locals, loginRedirect(ctx.url))) };
    if (err.code === 'NOT_FOUND') return { pass: true };
    return { forbidden: true };
  }
}

/** Whether this session still has to pass (or set up) two-factor sign-in before the back office opens. */
async function twoFactorStep(ctx: APIContext): Promise<'verify' | 'setup' | null> {
  const user = ctx.locals.user!;
  if (user.twoFactor) return ctx.locals.session?.twoFactorAt ? null : 'verify';
  const required = (await getSettings()).back_office.require_two_factor;
  // The owner decides the rule; it binds staff and sellers (an owner may still choose it for themselves).
  return required && !user.roles.includes('owner') ? 'setup' : null;
}

const redirect = (location: string) => new Response(null, { status: 303, headers: { location, ...cacheHeader('private') } });
