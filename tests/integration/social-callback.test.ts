import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AstroCookies } from 'astro';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { products, users, wishlists } from '@/server/db/schema';
import { seedDemoIfEmpty } from '@/server/demo';
import { eq } from 'drizzle-orm';
import { getEnv, type Env } from '@/server/core/env';
import { SettingSchema } from '@/lib/schemas/settings';
import { startSocialLogin } from '@/server/auth/social/login';
import { completeSocialCallback } from '@/server/web/social-callback';
import { SOCIAL_COOKIE, setPendingSocialLogin } from '@/server/web/social-cookies';
import { createSession, findSessionUser, hashToken, SESSION_COOKIE } from '@/server/auth/sessions';
import { startFakeOAuthProvider } from '../fakes/oauth-provider.mjs';
import { log } from '@/server/core/logger.mjs';

useTestDatabase();

const ORIGIN = 'http://shop.test';
const setting = SettingSchema.parse({ google_login: true, facebook_login: true });
let fake: Awaited<ReturnType<typeof startFakeOAuthProvider>>;
let env: Env;

beforeAll(async () => {
  fake = await startFakeOAuthProvider({
    clients: {
      google: { id: 'gid', secret: 'gsecret', redirectUris: [`${ORIGIN}/social-callback`] },
      facebook: { id: 'fid', secret: 'fsecret', redirectUris: [`${ORIGIN}/social-callback`] },
    },
  });
  // The callback URL comes from configuration (PUBLIC_URL), never from the request.
  env = getEnv({
    PUBLIC_URL: ORIGIN,
    GOOGLE_CLIENT_ID: 'gid',
    GOOGLE_CLIENT_SECRET: 'gsecret',
    FACEBOOK_CLIENT_ID: 'fid',
    FACEBOOK_CLIENT_SECRET: 'fsecret',
    OAUTH_GOOGLE_BASE_URL: fake.googleBase,
    OAUTH_FACEBOOK_BASE_URL: fake.facebookBase,
  });
});
afterAll(() => fake?.close());

/** A cookie jar that remembers what the handler set and deleted. */
function jar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const deleted: string[] = [];
  const cookies = {
    get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined),
    set: (name: string, value: string) => void values.set(name, value),
    delete: (name: string) => void (values.delete(name), deleted.push(name)),
  } as unknown as AstroCookies;
  return { cookies, values, deleted };
}

/** The browser's trip: start (cookie set), the provider as `person`, back to /social-callback. */
async function roundTrip(person: string, browser = jar(), sessionHash: string | null = null, guestToken: string | null = null) {
  const { url, pending } = startSocialLogin({
    provider: 'google',
    setting,
    callbackUrl: `${ORIGIN}/social-callback`,
    redirect: '/cart',
    env,
  });
  setPendingSocialLogin(browser.cookies, pending);
  url.searchParams.set('person', person);
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  const ctx = {
    url: back,
    cookies: browser.cookies,
    request: new Request(back),
    locals: { settings: { setting }, sessionHash, guestToken },
  };
  return { result: await completeSocialCallback(ctx as never, env), browser };
}

describe('/social-callback handling', () => {
  it('sets the session cookie, forgets the pending sign-in and ends the session it replaces', async () => {
    const [old] = await getDb().insert(users).values({ name: 'Old', email: 'old@example.com' }).returning();
    const { token: oldToken } = await createSession(old!.id);
    const browser = jar({ [SESSION_COOKIE]: oldToken });

    const { result } = await roundTrip('ada', browser, hashToken(oldToken));
    expect(result).toEqual({ ok: true, redirect: '/cart', provider: 'google', created: true });
    expect(browser.deleted).toContain(SOCIAL_COOKIE);
    const token = browser.values.get(SESSION_COOKIE)!;
    expect(token).not.toBe(oldToken);
    expect((await findSessionUser(token))?.email).toBe('ada.google@example.com');
    expect(await findSessionUser(oldToken)).toBeNull();
  });

  it("joins the guest's wishlist to the account, as a password sign-in does", async () => {
    await seedDemoIfEmpty(getDb());
    const [product] = await getDb().select({ id: products.id }).from(products).limit(1);
    const guest = 'guest0123456789abcdef';
    await getDb().insert(wishlists).values({ guestToken: guest, productId: product!.id });

    const { result, browser } = await roundTrip('ursula', jar(), null, guest);
    expect(result.ok).toBe(true);
    const user = await findSessionUser(browser.values.get(SESSION_COOKIE)!);
    const rows = await getDb().select().from(wishlists).where(eq(wishlists.productId, product!.id));
    expect(rows).toEqual([expect.objectContaining({ userId: user!.id, guestToken: null })]);
  });

  it('turns every failure into a reason, never an exception', async () => {
    const denied = await roundTrip('deny');
    expect(denied.result).toEqual({ ok: false, reason: 'denied', provider: 'google' });
    expect(denied.browser.values.has(SESSION_COOKIE)).toBe(false);

    const garbled = jar({ [SOCIAL_COOKIE]: '{not json' });
    const url = new URL(`${ORIGIN}/social-callback?code=x&state=y`);
    const ctx = { url, cookies: garbled.cookies, request: new Request(url), locals: { settings: { setting }, sessionHash: null } };
    expect(await completeSocialCallback(ctx as never, env)).toEqual({ ok: false, reason: 'state', provider: null });

    const error = vi.spyOn(log, 'error').mockImplementation(() => {});
    const broken = { ...ctx, cookies: jar().cookies, locals: {} };
    const pendingCookie = jar();
    setPendingSocialLogin(pendingCookie.cookies, {
      provider: 'google',
      state: 'y'.repeat(43),
      codeVerifier: 'v'.repeat(43),
      redirect: '/',
    });
    const unexpected = await completeSocialCallback({ ...broken, cookies: pendingCookie.cookies } as never, env);
    expect(unexpected).toEqual({ ok: false, reason: 'unexpected', provider: 'google' });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
