import { createHmac } from 'node:crypto';
import {
  ArcticFetchError,
  CodeChallengeMethod,
  decodeIdToken,
  Facebook,
  OAuth2Client,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import { z } from 'zod';
import type { ProviderConfig } from '@/server/auth/social/providers';
import { SocialLoginError } from '@/server/auth/social/errors';

/** Who the provider says signed in. `emailVerified` is true only when the provider states it. */
export interface ProviderProfile {
  providerUserId: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * arctic's `Facebook` with the endpoints of `config` instead of its built-in constants (which pin the
 * retired Graph v16.0 and cannot point at a test double). Same requests: client id and secret in the body.
 */
class GraphFacebook extends Facebook {
  constructor(
    private readonly config: ProviderConfig,
    private readonly redirectUri: string,
  ) {
    super(config.clientId, config.clientSecret, redirectUri);
  }

  override createAuthorizationURL(state: string, scopes: string[]): URL {
    const url = new URL(this.config.endpoints.authorize);
    url.search = super.createAuthorizationURL(state, scopes).search;
    return url;
  }

  override async validateAuthorizationCode(code: string): Promise<OAuth2Tokens> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
    });
    const response = await fetch(this.config.endpoints.token, {
      method: 'POST',
      body,
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    }).catch((err: unknown) => {
      throw new ArcticFetchError(err);
    });
    const data: unknown = await response.json().catch(() => null);
    if (response.status === 200 && data && typeof data === 'object') return new OAuth2Tokens(data);
    if (data && typeof data === 'object') throw new UnexpectedErrorResponseBodyError(response.status, data);
    throw new UnexpectedResponseError(response.status);
  }
}

/** The provider's consent page for this sign-in; Google gets PKCE (S256) as well as state. */
export function createAuthorizationUrl(
  config: ProviderConfig,
  input: { state: string; codeVerifier: string | null; redirectUri: string },
): URL {
  if (config.id === 'google') {
    const client = new OAuth2Client(config.clientId, config.clientSecret, input.redirectUri);
    const url = client.createAuthorizationURLWithPKCE(
      config.endpoints.authorize,
      input.state,
      CodeChallengeMethod.S256,
      input.codeVerifier ?? '',
      config.scopes,
    );
    url.searchParams.set('prompt', 'select_account');
    return url;
  }
  return new GraphFacebook(config, input.redirectUri).createAuthorizationURL(input.state, config.scopes);
}

/** Exchanges the authorization code and reads the person's profile; throws SocialLoginError. */
export async function fetchProviderProfile(
  config: ProviderConfig,
  input: { code: string; codeVerifier: string | null; redirectUri: string },
): Promise<ProviderProfile> {
  let tokens: OAuth2Tokens;
  try {
    tokens =
      config.id === 'google'
        ? await new OAuth2Client(config.clientId, config.clientSecret, input.redirectUri).validateAuthorizationCode(
            config.endpoints.token,
            input.code,
            input.codeVerifier,
          )
        : await new GraphFacebook(config, input.redirectUri).validateAuthorizationCode(input.code);
  } catch (err) {
    throw new SocialLoginError('exchange', `${config.id} token request failed`, err);
  }
  if (config.id === 'facebook') return readFacebookMe(config, tokens);
  let idToken: string;
  try {
    idToken = tokens.idToken();
  } catch (err) {
    throw new SocialLoginError('profile', 'Google sent no ID token', err);
  }
  return profileFromGoogleIdToken(config, idToken);
}

const GoogleClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  sub: z.string().min(1).max(255),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
});

/**
 * Google's ID token came straight from its token endpoint over TLS in answer to our authenticated
 * request, so (OpenID Connect Core 3.1.3.7) we check issuer, audience and expiry, not the signature.
 */
export function profileFromGoogleIdToken(config: ProviderConfig, idToken: string): ProviderProfile {
  let claims: z.infer<typeof GoogleClaims>;
  try {
    claims = GoogleClaims.parse(decodeIdToken(idToken));
  } catch (err) {
    throw new SocialLoginError('profile', 'Google ID token malformed', err);
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!config.endpoints.issuers?.includes(claims.iss)) throw new SocialLoginError('profile', `unexpected issuer ${claims.iss}`);
  if (!audiences.includes(config.clientId)) throw new SocialLoginError('profile', 'ID token is for another client');
  if (claims.exp * 1000 < Date.now()) throw new SocialLoginError('profile', 'ID token expired');
  const email = claims.email?.trim() || null;
  return {
    providerUserId: claims.sub,
    name: claims.name?.trim() || nameFromEmail(email),
    email,
    emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
  };
}

const FacebookMe = z.object({
  id: z.string().min(1).max(255),
  name: z.string().optional(),
  email: z.string().optional(),
});

/** Graph `/me?fields=id,name,email`, with appsecret_proof as Meta recommends for server calls. */
async function readFacebookMe(config: ProviderConfig, tokens: OAuth2Tokens): Promise<ProviderProfile> {
  let me: z.infer<typeof FacebookMe>;
  try {
    const accessToken = tokens.accessToken();
    const url = new URL(config.endpoints.me!);
    url.searchParams.set('fields', 'id,name,email');
    url.searchParams.set('appsecret_proof', createHmac('sha256', config.clientSecret).update(accessToken).digest('hex'));
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Graph /me answered HTTP ${response.status}`);
    me = FacebookMe.parse(await response.json());
  } catch (err) {
    throw new SocialLoginError('profile', 'Facebook profile request failed', err);
  }
  const email = me.email?.trim() || null;
  // Facebook never states that an email is verified, so it is not trusted for linking (see 0008).
  return { providerUserId: me.id, name: me.name?.trim() || nameFromEmail(email), email, emailVerified: false };
}

const nameFromEmail = (email: string | null) => (email ? email.split('@')[0]! : 'Shopper');
