import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { oauthAccounts, sessions, users } from '@/server/db/schema';
import { getEnv, type Env } from '@/server/core/env';
import { SettingSchema, type Setting } from '@/lib/schemas/settings';
import { finishSocialLogin, startSocialLogin, type PendingSocialLogin } from '@/server/auth/social/login';
import { findSessionUser, createSession } from '@/server/auth/sessions';
import { linkSocialAccount } from '@/server/auth/social/accounts';
import type { SocialProviderId } from '@/server/auth/social/providers';
import { startFakeOAuthProvider } from '../fakes/oauth-provider.mjs';

useTestDatabase();

const CALLBACK = 'http://shop.test/social-callback';
const CLIENTS = {
  google: { id: 'google-client.apps.example', secret: 'google-secret', redirectUris: [CALLBACK] },
  facebook: { id: '1234567890', secret: 'facebook-secret', redirectUris: [CALLBACK] },
};
const bothOn: Setting = SettingSchema.parse({ google_login: true, facebook_login: true });

let fake: Awaited<ReturnType<typeof startFakeOAuthProvider>>;
let env: Env;

beforeAll(async () => {
  fake = await startFakeOAuthProvider({ clients: CLIENTS });
  env = getEnv(envSource());
});
afterAll(() => fake?.close());

/** Goes to the fake provider as `person` (or `deny`) and returns the callback query it sends back. */
async function visitProvider(provider: SocialProviderId, person: string, opts: { redirect?: string; setting?: Setting } = {}) {
  const { url, pending } = startSocialLogin({
    provider,
    setting: opts.setting ?? bothOn,
    callbackUrl: CALLBACK,
    redirect: opts.redirect,
    env,
  });
  url.searchParams.set('person', person);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  return { query: back.searchParams, pending };
}

const finish = (query: URLSearchParams, pending: PendingSocialLogin | null, setting = bothOn) =>
  finishSocialLogin({ query, pending, setting, callbackUrl: CALLBACK, env });

async function signIn(provider: SocialProviderId, person: string, opts: { redirect?: string } = {}) {
  const { query, pending } = await visitProvider(provider, person, opts);
  return finish(query, pending);
}

/** The reason a sign-in failed (SocialLoginError), or a failure of the test when it succeeded. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as { reason?: string }).reason ?? `not a SocialLoginError: ${String(err)}`;
  }
  throw new Error('expected the sign-in to fail');
}

const userByEmail = async (email: string) =>
  (
    await getDb()
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
  )[0];
const linksOf = (userId: number) => getDb().select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));

describe('social login against the fake Google and Facebook', () => {
  it('creates a new user, links the Google account, opens a session and returns where the person started', async () => {
    const done = await signIn('google', 'ada', { redirect: '/cart?x=1' });
    expect(done).toMatchObject({ provider: 'google', created: true, redirect: '/cart?x=1' });
    const user = await userByEmail('ada.google@example.com');
    expect(user).toMatchObject({ id: done.userId, name: 'Ada Lovelace', passwordHash: null });
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await linksOf(done.userId)).toEqual([expect.objectContaining({ provider: 'google', providerUserId: '108000000000000000001' })]);
    expect((await findSessionUser(done.token))?.id).toBe(done.userId);
  });

  it('signs the same provider account in again as the same user, with no duplicate', async () => {
    const first = await signIn('google', 'ada');
    const again = await signIn('google', 'ada');
    expect(again).toMatchObject({ userId: first.userId, created: false });
    const [row] = await getDb()
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, 'ada.google@example.com'));
    expect(row?.count).toBe(1);
    expect(await linksOf(first.userId)).toHaveLength(1);
  });

  it('links a Google account to an existing account with the same verified email, keeping its password', async () => {
    const [existing] = await getDb()
      .insert(users)
      .values({ name: 'Linda', email: 'Linda@Example.com', passwordHash: 'scrypt$kept', emailVerifiedAt: new Date() })
      .returning();
    fake.addPerson('google', {
      key: 'linda',
      id: '108000000000000000099',
      name: 'Linda G',
      email: 'linda@example.com',
      emailVerified: true,
    });
    const done = await signIn('google', 'linda');
    expect(done).toMatchObject({ userId: existing!.id, created: false });
    expect((await userByEmail('linda@example.com'))?.passwordHash).toBe('scrypt$kept');
    expect(await linksOf(existing!.id)).toHaveLength(1);
  });

  it('takes over an unverified sign-up with a verified email: the unproven password and its sessions go', async () => {
    const [squatted] = await getDb()
      .insert(users)
      .values({ name: 'Squatter', email: 'victim@example.com', passwordHash: 'scrypt$attacker' })
      .returning();
    const { token: attackerSession } = await createSession(squatted!.id);
    fake.addPerson('google', {
      key: 'victim',
      id: '108000000000000000077',
      name: 'Real Owner',
      email: 'victim@example.com',
      emailVerified: true,
    });
    const done = await signIn('google', 'victim');
    expect(done.userId).toBe(squatted!.id);
    const user = await userByEmail('victim@example.com');
    expect(user?.passwordHash).toBeNull();
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await findSessionUser(attackerSession)).toBeNull();
    expect((await findSessionUser(done.token))?.id).toBe(squatted!.id);
  });

  it('does not link an unverified provider email to an existing account (Google unverified, Facebook never vouches)', async () => {
    const [ursula] = await getDb()
      .insert(users)
      .values({ name: 'Ursula', email: 'ursula@example.com', passwordHash: 'scrypt$u', emailVerifiedAt: new Date() })
      .returning();
    expect(await failureOf(signIn('google', 'ursula'))).toBe('email_taken');
    await getDb().insert(users).values({ name: 'Grace', email: 'grace.fb@example.com', emailVerifiedAt: new Date() });
    expect(await failureOf(signIn('facebook', 'grace'))).toBe('email_taken');
    expect(await linksOf(ursula!.id)).toHaveLength(0);
    expect(await getDb().select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, '10150000000000001'))).toHaveLength(0);
  });

  it('creates a Facebook user from Graph /me, with the email not marked verified', async () => {
    fake.addPerson('facebook', { key: 'fiona', id: '10150000000000055', name: 'Fiona Facebook', email: 'Fiona@Example.com' });
    const done = await signIn('facebook', 'fiona');
    expect(done).toMatchObject({ provider: 'facebook', created: true, redirect: '/' });
    const user = await userByEmail('fiona@example.com');
    expect(user).toMatchObject({ email: 'fiona@example.com', name: 'Fiona Facebook', emailVerifiedAt: null, passwordHash: null });
    expect((await signIn('facebook', 'fiona')).userId).toBe(done.userId);
  });

  it('refuses a provider account without an email', async () => {
    expect(await failureOf(signIn('google', 'pat'))).toBe('no_email');
    expect(await failureOf(signIn('facebook', 'phil'))).toBe('no_email');
  });

  it('refuses a tampered or missing state', async () => {
    const { query, pending } = await visitProvider('google', 'ada');
    const tampered = new URLSearchParams(query);
    tampered.set('state', `${query.get('state')!.slice(0, -1)}x`);
    expect(await failureOf(finish(tampered, pending))).toBe('state');
    expect(await failureOf(finish(query, null))).toBe('state');
    const noState = new URLSearchParams(query);
    noState.delete('state');
    expect(await failureOf(finish(noState, pending))).toBe('state');
  });

  it('refuses a reused code', async () => {
    for (const [provider, person] of [
      ['google', 'ada'],
      ['facebook', 'grace'],
    ] as const) {
      fake.addPerson(provider, {
        key: `${person}-2`,
        id: `${provider}-reuse`,
        name: 'Re Use',
        email: `reuse.${provider}@example.com`,
        emailVerified: true,
      });
      const { query, pending } = await visitProvider(provider, `${person}-2`);
      await finish(query, pending);
      expect(await failureOf(finish(query, pending))).toBe('exchange');
    }
  });

  it('refuses a code sent with the wrong PKCE verifier or a wrong client secret', async () => {
    const { query, pending } = await visitProvider('google', 'ada');
    expect(await failureOf(finish(query, { ...pending, codeVerifier: 'x'.repeat(43) }))).toBe('exchange');
    const fb = await visitProvider('facebook', 'grace');
    const wrong = getEnv({ ...envSource(), FACEBOOK_CLIENT_SECRET: 'not-the-secret' });
    expect(
      await failureOf(finishSocialLogin({ query: fb.query, pending: fb.pending, setting: bothOn, callbackUrl: CALLBACK, env: wrong })),
    ).toBe('exchange');
  });

  it('reports denied consent', async () => {
    for (const provider of ['google', 'facebook'] as const) {
      const { query, pending } = await visitProvider(provider, 'deny');
      expect(query.get('error')).toBe('access_denied');
      expect(await failureOf(finish(query, pending))).toBe('denied');
    }
  });

  it('refuses a provider that is switched off or not configured, at the start and at the callback', async () => {
    const googleOff = SettingSchema.parse({ google_login: false, facebook_login: true });
    expect(() => startSocialLogin({ provider: 'google', setting: googleOff, callbackUrl: CALLBACK, env })).toThrow(/not available/);
    const noSecret = getEnv({ ...envSource(), FACEBOOK_CLIENT_SECRET: '' });
    expect(() => startSocialLogin({ provider: 'facebook', setting: bothOn, callbackUrl: CALLBACK, env: noSecret })).toThrow(
      /not available/,
    );
    const { query, pending } = await visitProvider('google', 'ada');
    expect(await failureOf(finish(query, pending, googleOff))).toBe('unavailable');
  });

  it('never redirects off-site afterwards', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      expect((await signIn('google', 'ada', { redirect })).redirect).toBe('/');
    }
  });

  it('gives racing first sign-ins of one person the same account', async () => {
    fake.addPerson('google', { key: 'racer', id: '108000000000000000055', name: 'Racer', email: 'racer@example.com', emailVerified: true });
    const [a, b] = await Promise.all([visitProvider('google', 'racer'), visitProvider('google', 'racer')]);
    const [one, two] = await Promise.all([finish(a.query, a.pending), finish(b.query, b.pending)]);
    expect(one.userId).toBe(two.userId);
    expect(await linksOf(one.userId)).toHaveLength(1);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, one.userId))).toHaveLength(2);
    // Straight at the database, so the transactions really overlap on PostgreSQL.
    const profile = { providerUserId: 'race-2', name: 'Racer Two', email: 'racer2@example.com', emailVerified: true };
    const results = await Promise.all(Array.from({ length: 6 }, () => linkSocialAccount('google', profile)));
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });
});

function envSource() {
  return {
    GOOGLE_CLIENT_ID: CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
    FACEBOOK_CLIENT_ID: CLIENTS.facebook.id,
    FACEBOOK_CLIENT_SECRET: CLIENTS.facebook.secret,
    OAUTH_GOOGLE_BASE_URL: fake.googleBase,
    OAUTH_FACEBOOK_BASE_URL: fake.facebookBase,
  };
}
