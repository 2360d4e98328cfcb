import type { Setting } from '@/lib/schemas/settings';
import { getEnv, type Env } from '@/server/core/env';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

/** Graph API version for Facebook's dialog, token and /me calls (arctic's own class pins the retired v16.0). */
export const FACEBOOK_GRAPH_VERSION = 'v25.0';

export interface ProviderEndpoints {
  authorize: string;
  token: string;
  /** Google: accepted `iss` values of the ID token. Facebook: the Graph `/me` URL. */
  issuers?: string[];
  me?: string;
}

export interface ProviderConfig {
  id: SocialProviderId;
  /** Shown on buttons and in messages. */
  label: string;
  clientId: string;
  clientSecret: string;
  endpoints: ProviderEndpoints;
  scopes: string[];
}

/** The documented production endpoints, or the same paths under a test base URL (a local fake). */
export function endpointsOf(provider: SocialProviderId, base?: string): ProviderEndpoints {
  const root = base?.replace(/\/+$/, '');
  if (provider === 'google') {
    return root
      ? { authorize: `${root}/o/oauth2/v2/auth`, token: `${root}/token`, issuers: [root] }
      : {
          authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
          token: 'https://oauth2.googleapis.com/token',
          issuers: ['https://accounts.google.com', 'accounts.google.com'],
        };
  }
  const v = FACEBOOK_GRAPH_VERSION;
  return {
    authorize: `${root ?? 'https://www.facebook.com'}/${v}/dialog/oauth`,
    token: `${root ?? 'https://graph.facebook.com'}/${v}/oauth/access_token`,
    me: `${root ?? 'https://graph.facebook.com'}/${v}/me`,
  };
}

/** The provider's credentials and endpoints from the environment, or null when its id or secret is missing. */
export function providerConfig(provider: SocialProviderId, env: Env = getEnv()): ProviderConfig | null {
  if (provider === 'google') {
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
    return {
      id: 'google',
      label: 'Google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      endpoints: endpointsOf('google', env.OAUTH_GOOGLE_BASE_URL),
      scopes: ['openid', 'email', 'profile'],
    };
  }
  if (!env.FACEBOOK_CLIENT_ID || !env.FACEBOOK_CLIENT_SECRET) return null;
  return {
    id: 'facebook',
    label: 'Facebook',
    clientId: env.FACEBOOK_CLIENT_ID,
    clientSecret: env.FACEBOOK_CLIENT_SECRET,
    endpoints: endpointsOf('facebook', env.OAUTH_FACEBOOK_BASE_URL),
    scopes: ['email', 'public_profile'],
  };
}

const SWITCH: Record<SocialProviderId, 'google_login' | 'facebook_login'> = {
  google: 'google_login',
  facebook: 'facebook_login',
};

/** True when the shop's setting for this provider is on AND its client id and secret are configured. */
export function isProviderOffered(provider: SocialProviderId, setting: Setting, env: Env = getEnv()): boolean {
  return setting[SWITCH[provider]] === true && providerConfig(provider, env) !== null;
}

/** The providers a sign-in page should show buttons for, in display order. */
export function listOfferedProviders(setting: Setting, env: Env = getEnv()): { id: SocialProviderId; label: string }[] {
  return SOCIAL_PROVIDERS.filter((p) => isProviderOffered(p, setting, env)).map((id) => ({
    id,
    label: id === 'google' ? 'Google' : 'Facebook',
  }));
}
