import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authCtx, uniqueEmail, useScratchOutbox } from './auth-helpers';
import { TEST_DB, useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { signUp } from '@/server/auth/signup';
import { accountLimit, addressLimit, signIn } from '@/server/auth/auth';
import { hitLimit } from '@/server/core/throttle';
import { parseWith } from '@/server/core/validation';
import { SignupSchema } from '@/lib/schemas/auth';
import { AppError } from '@/server/core/errors';

useScratchOutbox();
useTestDatabase();

async function account(password = 'right-password') {
  const email = uniqueEmail('throttle');
  await signUp(parseWith(SignupSchema, { name: 'Grace Hopper', email, password, password_confirmation: password }), authCtx());
  return email;
}

/** The HTTP status a sign-in attempt ends with (200 when it worked). */
const attempt = (email: string, password: string, ip = authCtx().ip) =>
  signIn({ email, password }, authCtx({ ip })).then(
    () => 200,
    (err: AppError) => err.httpStatus,
  );

const countOf = async (key: string) =>
  Number((await queryRows<{ count: number }>(getDb(), sql`select count from rate_limits where key = ${key}`))[0]?.count ?? 0);

describe('sign-in throttling', () => {
  it('refuses an account after 5 failures with 429 and Retry-After, even with the right password', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) expect(await attempt(email, 'wrong')).toBe(401);
    const err = await signIn({ email, password: 'right-password' }, authCtx()).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).httpStatus).toBe(429);
    expect((err as AppError).message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(Number((err as AppError).headers!['retry-after'])).toBeGreaterThan(800);
  });

  it('lets the account in again once the window has passed', async () => {
    const email = await account();
    for (let i = 0; i < 6; i++) await attempt(email, 'wrong');
    expect(await attempt(email, 'right-password')).toBe(429);
    await getDb().execute(sql`update rate_limits set created_at = now() - interval '16 minutes' where key = ${accountLimit(email).key}`);
    expect(await attempt(email, 'right-password')).toBe(200);
  });

  it('a success resets the account count', async () => {
    const email = await account();
    for (let i = 0; i < 4; i++) expect(await attempt(email, 'wrong')).toBe(401);
    expect(await attempt(email, 'right-password')).toBe(200);
    expect(await countOf(accountLimit(email).key)).toBe(0);
    for (let i = 0; i < 5; i++) expect(await attempt(email, 'wrong')).toBe(401);
    expect(await attempt(email, 'wrong')).toBe(429);
  });

  it('refuses a client address after 20 failures across accounts', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++) expect(await attempt(uniqueEmail(`spray${i}`), 'wrong', ip)).toBe(401);
    expect(await attempt(uniqueEmail('spray-last'), 'wrong', ip)).toBe(429);
    const email = await account();
    expect(await attempt(email, 'right-password', ip)).toBe(429);
    expect(await attempt(email, 'right-password', '203.0.113.78')).toBe(200);
    expect(await countOf(addressLimit(ip).key)).toBe(22);
  });

  it(`counts concurrent failures exactly (${TEST_DB})`, async () => {
    const email = await account();
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(email, 'wrong')));
    expect(results.filter((s) => s === 401)).toHaveLength(5);
    expect(results.filter((s) => s === 429)).toHaveLength(7);
    expect(await countOf(accountLimit(email).key)).toBe(12);

    const key = `test:burst:${email}`;
    const hits = await Promise.all(Array.from({ length: 40 }, () => hitLimit({ key, max: 25, windowSeconds: 60 })));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(hits.filter((h) => h.limited)).toHaveLength(15);
  });
});
