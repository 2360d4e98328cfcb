import { describe, expect, it } from 'vitest';
import { getEnv } from '@/server/core/env';
import { providerConfig } from '@/server/auth/social/providers';
import { profileFromGoogleIdToken } from '@/server/auth/social/clients';

const config = providerConfig('google', getEnv({ GOOGLE_CLIENT_ID: 'my-client', GOOGLE_CLIENT_SECRET: 's' }))!;
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const token = (claims: Record<string, unknown>) =>
  `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: 'https://accounts.google.com', aud: 'my-client', exp: now() + 600, sub: '42', ...claims })}.c2ln`;
const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { reason?: string }).reason;
  }
  return 'no error';
};

describe("Google's ID token", () => {
  it('gives the subject, name and email, verified only when Google says so', () => {
    expect(profileFromGoogleIdToken(config, token({ email: 'a@b.co', email_verified: true, name: 'Ann' }))).toEqual({
      providerUserId: '42',
      name: 'Ann',
      email: 'a@b.co',
      emailVerified: true,
    });
    expect(profileFromGoogleIdToken(config, token({ email: 'a@b.co', email_verified: false }))).toMatchObject({
      emailVerified: false,
      name: 'a',
    });
    expect(profileFromGoogleIdToken(config, token({ email: 'a@b.co' })).emailVerified).toBe(false);
    expect(
      profileFromGoogleIdToken(config, token({ iss: 'accounts.google.com', email: 'a@b.co', email_verified: 'true' })).emailVerified,
    ).toBe(true);
    expect(profileFromGoogleIdToken(config, token({})).email).toBeNull();
  });

  it('is refused when meant for another client or issuer, expired, or malformed', () => {
    expect(reasonOf(() => profileFromGoogleIdToken(config, token({ aud: 'someone-else' })))).toBe('profile');
    expect(reasonOf(() => profileFromGoogleIdToken(config, token({ iss: 'https://evil.example' })))).toBe('profile');
    expect(reasonOf(() => profileFromGoogleIdToken(config, token({ exp: now() - 10 })))).toBe('profile');
    expect(reasonOf(() => profileFromGoogleIdToken(config, 'not-a-jwt'))).toBe('profile');
    expect(reasonOf(() => profileFromGoogleIdToken(config, token({ sub: '' })))).toBe('profile');
  });
});
