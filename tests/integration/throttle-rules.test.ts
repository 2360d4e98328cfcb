import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authCtx, uniqueEmail, useScratchOutbox } from './auth-helpers';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { eq } from 'drizzle-orm';
import { signUp } from '@/server/auth/signup';
import { accountLimit, addressLimit, signIn, WRONG_CREDENTIALS } from '@/server/auth/auth';
import { hitLimit, purgeOldLimits, releaseLimit, resetLimit } from '@/server/core/throttle';
import { parseWith } from '@/server/core/validation';
import { SignupSchema } from '@/lib/schemas/auth';
import { AppError } from '@/server/core/errors';

/**
 * The throttling rules with the numbers written out, each test aimed at one plausible slip: a success
 * that wipes the per-address counter (an attacker sprays 19 guesses, signs in to their own account and
 * repeats), a window that ends a second early or late, a counter given back below zero.
 */
useScratchOutbox();
useTestDatabase();

async function account(password = 'right-password') {
  const email = uniqueEmail('rules');
  await signUp(parseWith(SignupSchema, { name: 'Grace Hopper', email, password, password_confirmation: password }), authCtx());
  return email;
}

const attempt = (email: string, password: string, ip: string) =>
  signIn({ email, password }, authCtx({ ip })).then(
    () => 200,
    (err: AppError) => err.httpStatus,
  );

const countOf = async (key: string) =>
  Number((await queryRows<{ count: number }>(getDb(), sql`select count from rate_limits where key = ${key}`))[0]?.count ?? -1);

describe('the per-address sign-in counter', () => {
  it('gives back one attempt on a success, not the whole counter', async () => {
    const ip = '203.0.113.91';
    const mine = await account();
    for (let i = 0; i < 2; i++) expect(await attempt(uniqueEmail(`victim${i}`), 'guess', ip)).toBe(401);
    // 17 more guesses, counted the way signIn counts them (without 17 more password hashes).
    for (let i = 0; i < 17; i++) await hitLimit(addressLimit(ip));
    expect(await countOf(addressLimit(ip).key)).toBe(19);
    expect(await attempt(mine, 'right-password', ip)).toBe(200);
    // 20 counted, 1 given back: the attacker has exactly one guess left in this window, not a fresh 20.
    expect(await countOf(addressLimit(ip).key)).toBe(19);
    expect(await attempt(uniqueEmail('victim-last'), 'guess', ip)).toBe(401);
    expect(await attempt(uniqueEmail('victim-more'), 'guess', ip)).toBe(429);
    expect(await attempt(mine, 'right-password', ip)).toBe(429);
  });

  it('clears the account counter on a success (its owner proved who they are)', async () => {
    const email = await account();
    const ip = '203.0.113.92';
    for (let i = 0; i < 3; i++) expect(await attempt(email, 'wrong', ip)).toBe(401);
    expect(await countOf(accountLimit(email).key)).toBe(3);
    expect(await attempt(email, 'right-password', ip)).toBe(200);
    expect(await countOf(accountLimit(email).key)).toBe(-1);
    expect(await countOf(addressLimit(ip).key)).toBe(3);
  });

  it('counts the account by its address in any letter case, and keys accounts and addresses apart', async () => {
    const email = await account();
    expect(accountLimit(email.toUpperCase())).toEqual({ key: `signin:account:${email.toLowerCase()}`, max: 5, windowSeconds: 900 });
    expect(addressLimit('203.0.113.5')).toEqual({ key: 'signin:ip:203.0.113.5', max: 20, windowSeconds: 900 });
    for (let i = 0; i < 5; i++) expect(await attempt(i % 2 ? email.toUpperCase() : email, 'wrong', `203.0.113.${100 + i}`)).toBe(401);
    expect(await attempt(email, 'right-password', '203.0.113.120')).toBe(429);
  });

  it('says the credentials are wrong the same way for an unknown account, a wrong password and no password', async () => {
    const email = await account();
    const [noPassword] = await getDb()
      .insert(users)
      .values({ name: 'Social Only', email: uniqueEmail('social') })
      .returning();
    for (const [who, password] of [
      [uniqueEmail('nobody'), 'whatever'],
      [email, 'wrong'],
      [noPassword!.email, 'whatever'],
    ] as const) {
      const err = await signIn({ email: who, password }, authCtx()).catch((e: AppError) => e);
      expect(WRONG_CREDENTIALS).toBe('The email or password is incorrect.');
      // One form-level message, tied to no field (issue 11: an error shows once).
      expect(err).toMatchObject({ httpStatus: 401, message: WRONG_CREDENTIALS });
      expect((err as AppError).details).toBeUndefined();
    }
  });

  it('refuses a disabled account after checking its password, and still counts it as a success', async () => {
    const email = await account();
    await getDb().update(users).set({ status: 0 }).where(eq(users.email, email));
    const err = await signIn({ email, password: 'right-password' }, authCtx({ ip: '203.0.113.93' })).catch((e: AppError) => e);
    expect(err).toMatchObject({ httpStatus: 403, message: 'This account is disabled. Please contact the shop.' });
    expect(await countOf(addressLimit('203.0.113.93').key)).toBe(0);
  });

  it('names the longer wait when both counters are over', async () => {
    const email = await account();
    const ip = '203.0.113.94';
    await hitLimit({ ...addressLimit(ip), max: 0 });
    await getDb().execute(
      sql`update rate_limits set count = 20, created_at = now() - interval '10 minutes' where key = ${addressLimit(ip).key}`,
    );
    for (let i = 0; i < 5; i++) await hitLimit(accountLimit(email));
    const err = await signIn({ email, password: 'right-password' }, authCtx({ ip })).catch((e: AppError) => e);
    expect(err).toMatchObject({ httpStatus: 429, message: 'Too many sign-in attempts. Please try again in 15 minutes.' });
    expect(Number((err as AppError).headers!['retry-after'])).toBeGreaterThan(890);
    // Only the address over its limit: its window started 10 minutes ago, so about 5 minutes are left.
    const other = await signIn({ email: uniqueEmail('x'), password: 'x' }, authCtx({ ip })).catch((e: AppError) => e);
    expect(other).toMatchObject({ httpStatus: 429, message: 'Too many sign-in attempts. Please try again in 5 minutes.' });
    const wait = Number((other as AppError).headers!['retry-after']);
    expect(wait).toBeGreaterThan(290);
    expect(wait).toBeLessThanOrEqual(300);
  });
});

describe('fixed-window counters (throttle.ts)', () => {
  const limit = (key: string, max = 2) => ({ key: `test:${key}:${Math.random()}`, max, windowSeconds: 60 });
  const at = (iso: string) => new Date(iso);

  it('counts up to the limit, refuses past it, and says how long is left', async () => {
    const l = limit('count');
    expect(await hitLimit(l, at('2026-01-01T00:00:00Z'))).toEqual({ count: 1, limited: false, retryAfter: 60 });
    expect(await hitLimit(l, at('2026-01-01T00:00:10Z'))).toEqual({ count: 2, limited: false, retryAfter: 50 });
    expect(await hitLimit(l, at('2026-01-01T00:00:59.500Z'))).toEqual({ count: 3, limited: true, retryAfter: 1 });
  });

  it('starts a new window exactly when the old one ends', async () => {
    const l = limit('window', 1);
    await hitLimit(l, at('2026-01-01T00:00:00Z'));
    expect(await hitLimit(l, at('2026-01-01T00:00:59.999Z'))).toMatchObject({ count: 2, limited: true, retryAfter: 1 });
    expect(await hitLimit(l, at('2026-01-01T00:01:00Z'))).toEqual({ count: 1, limited: false, retryAfter: 60 });
    expect(await hitLimit(l, at('2026-01-01T00:01:30Z'))).toEqual({ count: 2, limited: true, retryAfter: 30 });
  });

  it('gives back one attempt, never below zero; a reset forgets the key', async () => {
    const l = limit('release', 5);
    await hitLimit(l);
    await hitLimit(l);
    await releaseLimit(l.key);
    expect(await countOf(l.key)).toBe(1);
    await releaseLimit(l.key);
    await releaseLimit(l.key);
    expect(await countOf(l.key)).toBe(0);
    expect((await hitLimit(l)).count).toBe(1);
    await resetLimit(l.key);
    expect(await countOf(l.key)).toBe(-1);
  });

  it('purges counters untouched for more than a day, and only those', async () => {
    const old = limit('old');
    const recent = limit('recent');
    await hitLimit(old, at('2026-01-01T00:00:00Z'));
    await hitLimit(recent, at('2026-01-01T23:00:00Z'));
    await purgeOldLimits(at('2026-01-02T00:00:01Z'));
    expect(await countOf(old.key)).toBe(-1);
    expect(await countOf(recent.key)).toBe(1);
    await purgeOldLimits(at('2026-01-02T23:00:00Z'));
    expect(await countOf(recent.key)).toBe(1);
  });
});
