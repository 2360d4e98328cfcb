import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOAuthProvider } from '../fakes/oauth-provider.mjs';

/**
 * The fake Google and Facebook check the redirect URI as the real ones do: only the exact URI registered
 * for the client is answered, so a test can never pass with a callback a real provider would refuse.
 */
const CALLBACK = 'http://shop.test/social-callback';
const clients = {
  google: { id: 'g-client', secret: 'g-secret', redirectUris: [CALLBACK] },
  facebook: { id: 'f-client', secret: 'f-secret', redirectUris: [CALLBACK] },
};
let fake: Awaited<ReturnType<typeof startFakeOAuthProvider>>;
beforeAll(async () => {
  fake = await startFakeOAuthProvider({ clients });
});
afterAll(() => fake?.close());

function authorizeUrl(provider: 'google' | 'facebook', redirectUri: string) {
  const url = provider === 'google' ? new URL(`${fake.googleBase}/o/oauth2/v2/auth`) : new URL(`${fake.facebookBase}/v19.0/dialog/oauth`);
  const params: Record<string, string> = {
    client_id: clients[provider].id,
    redirect_uri: redirectUri,
    response_type: 'code',
    state: 's1',
    person: provider === 'google' ? 'ada' : 'grace',
  };
  if (provider === 'google')
    Object.assign(params, { scope: 'openid email profile', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
  else params.scope = 'email,public_profile';
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

describe('the fake OAuth provider at the authorize step', () => {
  for (const provider of ['google', 'facebook'] as const) {
    it(`${provider}: sends the person back to the registered redirect URI`, async () => {
      const res = await fetch(authorizeUrl(provider, CALLBACK), { redirect: 'manual' });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(CALLBACK);
      expect(back.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
      expect(back.searchParams.get('state')).toBe('s1');
    });

    it(`${provider}: refuses any other redirect URI, and never sends the person there`, async () => {
      for (const wrong of [
        'http://evil.example/social-callback',
        'http://shop.test.evil.example/social-callback',
        'https://shop.test/social-callback',
        'http://shop.test:8080/social-callback',
        'http://shop.test/social-callback/',
        'http://shop.test/social-callback?next=/x',
        'http://shop.test/other-callback',
      ]) {
        const res = await fetch(authorizeUrl(provider, wrong), { redirect: 'manual' });
        expect(res.status, wrong).toBe(400);
        expect(res.headers.get('location'), wrong).toBeNull();
        expect(await res.text(), wrong).toContain('redirect_uri_mismatch');
      }
    });
  }
});
