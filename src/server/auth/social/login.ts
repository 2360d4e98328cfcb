import { timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import type { Setting } from '@/lib/schemas/settings';
import { sameOriginPath } from '@/lib/social';
import { AppError } from '@/server/core/errors';
import { getEnv, type Env } from '@/server/core/env';
import { publicOrigin } from '@/server/core/origin';
import { createSession } from '@/server/auth/sessions';
import { createAuthorizationUrl, fetchProviderProfile } from '@/server/auth/social/clients';
import { SocialLoginError } from '@/server/auth/social/errors';
import { linkSocialAccount } from '@/server/auth/social/accounts';
import { isProviderOffered, providerConfig, type ProviderConfig, type SocialProviderId } from '@/server/auth/social/providers';

/** What the browser keeps (in an HttpOnly cookie) between leaving for the provider and coming back. */
export interface PendingSocialLogin {
  provider: SocialProviderId;
  state: string;
  /** PKCE verifier (Google); null for Facebook. */
  codeVerifier: string | null;
  /** Same-origin path to land on afterwards. */
  redirect: string;
}

/** `<public origin>/social-callback`: the redirect URI registered at each provider (never from the request). */
export function socialCallbackUrl(env: Env = getEnv()): string {
  return new URL('/social-callback', publicOrigin(env)).href;
}

function offeredConfig(provider: SocialProviderId, setting: Setting, env: Env): ProviderConfig | null {
  return isProviderOffered(provider, setting, env) ? providerConfig(provider, env) : null;
}

/** Starts a social sign-in: the provider's consent URL plus the state (and PKCE verifier) to remember. */
export function startSocialLogin(input: {
  provider: SocialProviderId;
  redirect?: string | null;
  setting: Setting;
  callbackUrl: string;
  env?: Env;
}): { url: URL; pending: PendingSocialLogin } {
  const config = offeredConfig(input.provider, input.setting, input.env ?? getEnv());
  if (!config) {
    const label = input.provider === 'google' ? 'Google' : 'Facebook';
    throw new AppError({
      code: 'NOT_FOUND',
      message: 'errors.socialUnavailable',
      vars: { provider: label },
    });
  }
  const state = generateState();
  const codeVerifier = config.id === 'google' ? generateCodeVerifier() : null;
  const url = createAuthorizationUrl(config, { state, codeVerifier, redirectUri: input.callbackUrl });
  const redirect = sameOriginPath(input.redirect) ?? '/';
  return { url, pending: { provider: config.id, state, codeVerifier, redirect } };
}

export interface FinishedSocialLogin {
  userId: number;
  provider: SocialProviderId;
  /** Session token for the cookie (or a Bearer header). */
  token: string;
  expiresAt: Date;
  redirect: string;
  /** True when this sign-in created the shop account. */
  created: boolean;
}

/**
 * Finishes a social sign-in from the provider's callback query: checks state, exchanges the code,
 * reads the profile, finds/links/creates the user and opens a session. Throws SocialLoginError.
 */
export async function finishSocialLogin(input: {
  query: URLSearchParams;
  pending: PendingSocialLogin | null;
  setting: Setting;
  callbackUrl: string;
  meta?: { userAgent?: string | null; ip?: string | null };
  env?: Env;
}): Promise<FinishedSocialLogin> {
  const { query, pending } = input;
  if (!pending || !sameSecret(query.get('state'), pending.state)) {
    throw new SocialLoginError('state', 'state missing or different from the one this browser started with');
  }
  const error = query.get('error');
  if (error) throw new SocialLoginError(error === 'access_denied' ? 'denied' : 'provider', `provider said ${error}`);
  const config = offeredConfig(pending.provider, input.setting, input.env ?? getEnv());
  if (!config) throw new SocialLoginError('unavailable', `${pending.provider} is no longer offered`);
  const code = query.get('code');
  if (!code) throw new SocialLoginError('provider', 'callback without code');

  const profile = await fetchProviderProfile(config, { code, codeVerifier: pending.codeVerifier, redirectUri: input.callbackUrl });
  const { userId, created } = await linkSocialAccount(config.id, profile);
  const { token, expiresAt } = await createSession(userId, input.meta ?? {});
  return { userId, provider: config.id, token, expiresAt, redirect: sameOriginPath(pending.redirect) ?? '/', created };
}

function sameSecret(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
