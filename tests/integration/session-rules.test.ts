import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { sessions, users } from '@/server/db/schema';
import { getDb } from '@/server/db/client';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  findSessionUser,
  hashToken,
  purgeExpiredSessions,
  SESSION_COOKIE,
  SESSION_MAX_AGE_S,
} from '@/server/auth/sessions';
import { clearSessionCookie, setSessionCookie } from '@/server/web/session-cookie';
import { signIn, signOut } from '@/server/auth/auth';
import { pendingAfterAnswer, settleAfterAnswer } from '@/server/core/background';
import { hashPassword } from '@/server/auth/passwords';
import type { AuthContext } from '@/server/core/actor';

/** Session rules with the numbers written out: what is stored, when a session stops counting, the cookie. */
useTestDatabase();
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

let n = 0;
async function user(status = 1) {
  const [row] = await getDb()
    .insert(users)
    .values({ name: `Sam Session ${++n}`, email: `sam${n}.${Date.now()}@example.com`, status })
    .returning();
  return row!;
}
const rowOf = async (token: string) =>
  (
    await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(token)))
  )[0];

describe('sessions', () => {
  it('stores only a SHA-256 hash of a random 256-bit token, for a year and a day (31622400 s)', async () => {
    const u = await user();
    const before = Date.now();
    const { token, expiresAt } = await createSession(u.id, { userAgent: 'x'.repeat(400), ip: '198.51.100.7' });
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(SESSION_MAX_AGE_S).toBe(31_622_400);
    expect(expiresAt.getTime() - before).toBeGreaterThanOrEqual(31_622_400_000);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(31_622_400_000);
    const row = await rowOf(token);
    expect(row).toMatchObject({ userId: u.id, ip: '198.51.100.7', userAgent: 'x'.repeat(300) });
    expect(row!.expiresAt.getTime()).toBe(expiresAt.getTime());
    const other = await createSession(u.id);
    expect(other.token).not.toBe(token);
    expect(await rowOf(other.token)).toMatchObject({ userAgent: null, ip: null });
  });

  it('knows the user behind a live session, and nobody behind a junk, expired or disabled one', async () => {
    const u = await user();
    const { token } = await createSession(u.id);
    expect(await findSessionUser(token)).toEqual({
      id: u.id,
      name: u.name,
      email: u.email,
      roles: [],
      permissions: [],
      twoFactor: false,
      sessionHash: hashToken(token),
      twoFactorAt: null,
    });
    expect(await findSessionUser('')).toBeNull();
    expect(await findSessionUser('x'.repeat(201))).toBeNull();
    expect(await findSessionUser(`${token}x`)).toBeNull();

    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashToken(token)));
    expect(await findSessionUser(token)).toBeNull();
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.idHash, hashToken(token)));
    expect((await findSessionUser(token))?.id).toBe(u.id);

    const disabled = await user(0);
    const { token: t2 } = await createSession(disabled.id);
    expect(await findSessionUser(t2)).toBeNull();
  });

  it('reads a token of exactly 200 characters (the longest accepted)', async () => {
    const u = await user();
    const long = 'L'.repeat(200);
    await getDb()
      .insert(sessions)
      .values({ idHash: hashToken(long), userId: u.id, expiresAt: new Date(Date.now() + 60_000) });
    expect((await findSessionUser(long))?.id).toBe(u.id);
  });

  it("ends one session, all of one user's sessions, or only the expired ones", async () => {
    const [a, b] = [await user(), await user()];
    const a1 = await createSession(a.id);
    const a2 = await createSession(a.id);
    const b1 = await createSession(b.id);
    await deleteSession(hashToken(a1.token));
    expect(await rowOf(a1.token)).toBeUndefined();
    expect(await rowOf(a2.token)).toBeDefined();
    await deleteUserSessions(a.id);
    expect(await rowOf(a2.token)).toBeUndefined();
    expect(await rowOf(b1.token)).toBeDefined();

    const old = await createSession(b.id);
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashToken(old.token)));
    await purgeExpiredSessions();
    expect(await rowOf(old.token)).toBeUndefined();
    expect(await rowOf(b1.token)).toBeDefined();
  });

  it("purges now and then after a sign-in through the process's database, never after one inside a transaction", async () => {
    const u = await user();
    const expire = async (token: string) =>
      getDb()
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.idHash, hashToken(token)));
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const old = await createSession(u.id);
      await settleAfterAnswer();
      await expire(old.token);
      // Inside a transaction (or a script's own handle) the purge is not queued: it would run after the answer,
      // on a handle that may be gone by then (seen in an e2e fixture's process, which has no database of its own).
      await getDb().transaction((tx) => createSession(u.id, {}, tx));
      expect(pendingAfterAnswer()).toBe(0);
      expect(await rowOf(old.token)).toBeDefined();
      await createSession(u.id);
      expect(pendingAfterAnswer()).toBe(1);
      await settleAfterAnswer();
      expect(await rowOf(old.token)).toBeUndefined();
    } finally {
      random.mockRestore();
    }
  });
});

describe('the session cookie', () => {
  const jar = () => {
    const calls: unknown[][] = [];
    return {
      calls,
      cookies: {
        set: (...a: unknown[]) => calls.push(['set', ...a]),
        delete: (...a: unknown[]) => calls.push(['delete', ...a]),
      } as unknown as AstroCookies,
    };
  };

  it('is frontend_session, HttpOnly, SameSite=Lax, path /, a year and a day, Secure only when SECURE_COOKIES is on', async () => {
    const { calls, cookies } = jar();
    setSessionCookie(cookies, 'tok');
    clearSessionCookie(cookies);
    expect(SESSION_COOKIE).toBe('frontend_session');
    expect(calls).toEqual([
      ['set', 'frontend_session', 'tok', { path: '/', httpOnly: true, sameSite: 'lax', secure: false, maxAge: 31_622_400 }],
      // The badge's cookie spoke for whoever was there before: it goes with every sign-in and sign-out.
      ['delete', 'cart_count', { path: '/' }],
      ['delete', 'frontend_session', { path: '/' }],
      ['delete', 'cart_count', { path: '/' }],
    ]);
    vi.stubEnv('SECURE_COOKIES', 'true');
    vi.stubEnv('PUBLIC_URL', 'https://shop.test'); // required with SECURE_COOKIES (issue 9)
    vi.resetModules(); // getEnv() caches the environment it read first
    const fresh = await import('@/server/web/session-cookie');
    const secure = jar();
    fresh.setSessionCookie(secure.cookies, 'tok');
    expect(secure.calls[0]![3]).toMatchObject({ secure: true });
  });
});

describe('signing in and out (auth.ts)', () => {
  const ctx = (over: Partial<AuthContext> = {}): AuthContext => ({
    ip: '203.0.113.9',
    userAgent: 'session-rules',
    guestToken: null,
    sessionHash: null,
    lang: 'en',
    origin: 'http://shop.test',
    siteName: 'Voltmart',
    ...over,
  });
  async function withPassword(password: string) {
    const u = await user();
    await getDb()
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, u.id));
    return u;
  }

  it('answers the new session token and the user, and records the client on the session', async () => {
    const u = await withPassword('right-pass-1');
    const signedIn = await signIn({ email: u.email, password: 'right-pass-1' }, ctx());
    expect(signedIn.token).toMatch(/^[\w-]{43}$/);
    expect(signedIn.user).toMatchObject({ id: u.id, email: u.email, name: u.name });
    expect(await rowOf(signedIn.token)).toMatchObject({ userId: u.id, ip: '203.0.113.9', userAgent: 'session-rules' });
  });

  it('ends the session the request carried when it signs in again (a new id, never the old one)', async () => {
    const u = await withPassword('right-pass-2');
    const old = await createSession(u.id);
    const fresh = await signIn({ email: u.email, password: 'right-pass-2' }, ctx({ sessionHash: hashToken(old.token) }));
    expect(await findSessionUser(old.token)).toBeNull();
    expect(await findSessionUser(fresh.token)).toMatchObject({ id: u.id });
  });

  it('signing out ends that session on the server, and only that one', async () => {
    const u = await user();
    const a = await createSession(u.id);
    const b = await createSession(u.id);
    await signOut(hashToken(a.token));
    expect(await findSessionUser(a.token)).toBeNull();
    expect(await findSessionUser(b.token)).toMatchObject({ id: u.id });
    await signOut(null); // a guest's logout is harmless
    expect(await findSessionUser(b.token)).toMatchObject({ id: u.id });
  });
});
