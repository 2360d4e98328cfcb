import type { APIContext } from 'astro';
import { getEnv, type Env } from '@/server/core/env';
import { deleteSession } from '@/server/auth/sessions';
import { setSessionCookie } from '@/server/web/session-cookie';
import { mergeGuestIntoUser } from '@/server/cart/merge-guest';
import { finishSocialLogin, socialCallbackUrl } from '@/server/auth/social/login';
import { takePendingSocialLogin } from '@/server/web/social-cookies';
import { isSocialLoginError, type SocialFailure } from '@/server/auth/social/errors';
import type { SocialProviderId } from '@/server/auth/social/providers';
import { log } from '@/server/core/logger.mjs';

export type SocialCallbackResult =
  | { ok: true; redirect: string; provider: SocialProviderId; created: boolean }
  | { ok: false; reason: SocialFailure | 'unexpected'; provider: SocialProviderId | null };

type CallbackContext = Pick<APIContext, 'url' | 'cookies' | 'locals' | 'request'>;

/**
 * Handles GET /social-callback: finishes the sign-in the pending cookie describes, replaces any
 * current session with the new one and sets the session cookie. Never throws: failures come back
 * as a reason for the page to show on /login.
 */
export async function completeSocialCallback(ctx: CallbackContext, env: Env = getEnv()): Promise<SocialCallbackResult> {
  const pending = takePendingSocialLogin(ctx.cookies);
  try {
    const done = await finishSocialLogin({
      query: ctx.url.searchParams,
      pending,
      setting: ctx.locals.settings.setting,
      callbackUrl: socialCallbackUrl(env),
      env,
      meta: { userAgent: ctx.request.headers.get('user-agent') },
    });
    if (ctx.locals.sessionHash) await deleteSession(ctx.locals.sessionHash);
    setSessionCookie(ctx.cookies, done.token);
    // The guest's cart, wishlist and compare list join the account, as on a password sign-in.
    await mergeGuestIntoUser(ctx.locals.guestToken, done.userId);
    return { ok: true, redirect: done.redirect, provider: done.provider, created: done.created };
  } catch (err) {
    if (isSocialLoginError(err)) {
      log.warn({ provider: pending?.provider ?? 'unknown', reason: err.reason }, `social-login: ${err.message}`);
      return { ok: false, reason: err.reason, provider: pending?.provider ?? null };
    }
    log.error({ err }, 'social-login: unexpected failure');
    return { ok: false, reason: 'unexpected', provider: pending?.provider ?? null };
  }
}
