import { describe, expect, it } from 'vitest';
import { getEnv } from '@/server/core/env';
import { SettingSchema } from '@/lib/schemas/settings';
import { endpointsOf, isProviderOffered, listOfferedProviders, providerConfig } from '@/server/auth/social/providers';
import { createAuthorizationUrl } from '@/server/auth/social/clients';

const env = getEnv({
  GOOGLE_CLIENT_ID: 'g-id',
  GOOGLE_CLIENT_SECRET: 'g-secret',
  FACEBOOK_CLIENT_ID: 'f-id',
  FACEBOOK_CLIENT_SECRET: 'f-secret',
});
const on = SettingSchema.parse({ google_login: true, facebook_login: true });
const CALLBACK = 'https://shop.example/social-callback';

describe('which providers are offered', () => {
  it('needs both the setting and the credentials', () => {
    expect(listOfferedProviders(on, env)).toEqual([
      { id: 'google', label: 'Google' },
      { id: 'facebook', label: 'Facebook' },
    ]);
    expect(listOfferedProviders(SettingSchema.parse({}), env)).toEqual([]);
    const noSecret = getEnv({ GOOGLE_CLIENT_ID: 'g-id', FACEBOOK_CLIENT_ID: 'f-id', FACEBOOK_CLIENT_SECRET: 'f-secret' });
    expect(isProviderOffered('google', on, noSecret)).toBe(false);
    expect(isProviderOffered('facebook', on, noSecret)).toBe(true);
    expect(providerConfig('google', getEnv({ GOOGLE_CLIENT_ID: '  ', GOOGLE_CLIENT_SECRET: 'x' }))).toBeNull();
  });
});

describe('endpoints', () => {
  it('are the documented production URLs unless a test base is given', () => {
    expect(endpointsOf('google')).toMatchObject({
      authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
    });
    expect(endpointsOf('facebook').token).toMatch(/^https:\/\/graph\.facebook\.com\/v\d+\.\d+\/oauth\/access_token$/);
    expect(endpointsOf('facebook').authorize).toMatch(/^https:\/\/www\.facebook\.com\/v\d+\.\d+\/dialog\/oauth$/);
    expect(endpointsOf('google', 'http://127.0.0.1:9/google/')).toMatchObject({
      token: 'http://127.0.0.1:9/google/token',
      issuers: ['http://127.0.0.1:9/google'],
    });
  });
});

describe('authorization URLs', () => {
  it('Google: code flow with state, PKCE S256 and the openid email profile scopes', () => {
    const url = createAuthorizationUrl(providerConfig('google', env)!, {
      state: 's'.repeat(43),
      codeVerifier: 'v'.repeat(43),
      redirectUri: CALLBACK,
    });
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: 'g-id',
      redirect_uri: CALLBACK,
      state: 's'.repeat(43),
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('Facebook: code flow with state and the email scope, no secret in the URL', () => {
    const url = createAuthorizationUrl(providerConfig('facebook', env)!, { state: 'abc', codeVerifier: null, redirectUri: CALLBACK });
    expect(url.href).toMatch(/^https:\/\/www\.facebook\.com\/v\d+\.\d+\/dialog\/oauth\?/);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'f-id',
      state: 'abc',
      scope: 'email public_profile',
      redirect_uri: CALLBACK,
    });
  });
});
