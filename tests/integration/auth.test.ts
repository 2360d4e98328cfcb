import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authCtx, uniqueEmail, useScratchOutbox } from './auth-helpers';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { users, userTokens } from '@/server/db/schema';
import { signUp } from '@/server/auth/signup';
import { signIn, signOut, WRONG_CREDENTIALS } from '@/server/auth/auth';
import { verifyEmail, resendVerifyCode } from '@/server/auth/verify';
import { requestPasswordReset, resetPassword, checkResetToken } from '@/server/auth/reset';
import { findSessionUser, hashToken } from '@/server/auth/sessions';
import { codeIn, lastMailTo, linkIn, readOutbox } from '@/server/mail/outbox';
import { parseWith } from '@/server/core/validation';
import { SigninSchema, SignupSchema, UpdatePasswordSchema } from '@/lib/schemas/auth';
import { AppError } from '@/server/core/errors';
import { settleAfterAnswer } from '@/server/core/background';

const outbox = useScratchOutbox();
useTestDatabase();

const newAccount = (email = uniqueEmail('ada'), password = 'correct horse') =>
  signUp(parseWith(SignupSchema, { name: 'Ada Lovelace', email, password, password_confirmation: password }), authCtx());

/** The AppError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected the call to fail').toBeInstanceOf(AppError);
  return err as AppError;
}

describe('sign-up', () => {
  it('stores a scrypt hash, never the password, and signs the new user in', async () => {
    const email = uniqueEmail('hash');
    const { token, user } = await newAccount(email, 'secret-123');
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('secret-123');
    expect(user).toMatchObject({ email, name: 'Ada Lovelace', email_verified: false });
    expect((await findSessionUser(token))?.id).toBe(user.id);
  });

  it('refuses a taken email in any letter case with 409', async () => {
    const email = uniqueEmail('taken');
    await newAccount(email);
    const err = await failure(newAccount(email.toUpperCase()));
    expect(err.httpStatus).toBe(409);
    expect(err.envelopeStatus).toBe(201);
    expect(err.message).toMatch(/already exists/);
  });

  it('lets only one of several simultaneous sign-ups for one address through', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [email, email.toUpperCase(), email].map((e) =>
        newAccount(e).then(
          () => 200,
          (err: AppError) => err.httpStatus,
        ),
      ),
    );
    expect(results.sort()).toEqual([200, 409, 409]);
  });

  it('answers the spec messages for bad input', () => {
    const messages = (input: object) => {
      try {
        parseWith(SignupSchema, input);
        return [];
      } catch (err) {
        return (err as AppError).form;
      }
    };
    expect(messages({})).toEqual(expect.arrayContaining(['Name is required', 'Email is required', 'Password is required']));
    expect(messages({ name: 'A', email: 'nope', password: '12345', password_confirmation: '12345' })).toEqual([
      'Invalid email',
      'Invalid Password Length',
    ]);
    expect(messages({ name: 'A', email: 'a@b.co', password: '123456', password_confirmation: '1234567' })).toEqual([
      "Password didn't match",
    ]);
  });
});

describe('email verification', () => {
  it('mails a code that verifies once; a wrong code and a reused code fail', async () => {
    const email = uniqueEmail('verify');
    await newAccount(email);
    const mail = await lastMailTo(outbox, email);
    expect(mail?.subject).toBe('Your Voltmart confirmation code');
    const code = codeIn(mail!.text)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(linkIn(mail!.text, '/verify-email')).toContain('http://shop.test/verify-email?email=');

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await failure(verifyEmail(email, wrong))).httpStatus).toBe(422);
    expect((await verifyEmail(email, code)).email_verified).toBe(true);
    const reused = await failure(verifyEmail(email, code));
    expect(reused.httpStatus).toBe(409);
    expect(reused.message).toBe('Your email address is already verified.');
  });

  it('refuses an expired code and sends a new one on request', async () => {
    const email = uniqueEmail('expired');
    const { user } = await newAccount(email);
    const code = codeIn((await lastMailTo(outbox, email))!.text)!;
    await getDb()
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    expect((await failure(verifyEmail(email, code))).message).toMatch(/expired/);

    await resendVerifyCode(email, authCtx());
    const fresh = codeIn((await lastMailTo(outbox, email))!.text)!;
    expect((await verifyEmail(email, fresh)).email_verified).toBe(true);
  });

  it('stops after 5 wrong codes until a new code is sent', async () => {
    const email = uniqueEmail('guess');
    await newAccount(email);
    const code = codeIn((await lastMailTo(outbox, email))!.text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await failure(verifyEmail(email, wrong))).httpStatus).toBe(422);
    const blocked = await failure(verifyEmail(email, code));
    expect(blocked.httpStatus).toBe(429);
    expect(blocked.headers?.['retry-after']).toMatch(/^\d+$/);
    await resendVerifyCode(email, authCtx());
    const fresh = codeIn((await lastMailTo(outbox, email))!.text)!;
    expect((await verifyEmail(email, fresh)).email_verified).toBe(true);
  });
});

describe('sign-in and sign-out', () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('signin');
    await newAccount(email, 'right-password');
  });

  it('signs in with the right password (any letter case of the email), each time with a new session', async () => {
    const first = await signIn(parseWith(SigninSchema, { email: email.toUpperCase(), password: 'right-password' }), authCtx());
    const second = await signIn({ email, password: 'right-password' }, authCtx({ sessionHash: hashToken(first.token) }));
    expect(second.token).not.toBe(first.token);
    // Signing in again from the same browser ends the session it carried.
    expect(await findSessionUser(first.token)).toBeNull();
    expect((await findSessionUser(second.token))?.email).toBe(email);
  });

  it('answers one message for a wrong password and for an unknown account', async () => {
    const wrong = await failure(signIn({ email, password: 'wrong-password' }, authCtx()));
    const unknown = await failure(signIn({ email: uniqueEmail('nobody'), password: 'whatever' }, authCtx()));
    expect(wrong.httpStatus).toBe(401);
    expect(wrong.message).toBe(WRONG_CREDENTIALS);
    expect(unknown.message).toBe(WRONG_CREDENTIALS);
  });

  it('logout ends the session on the server', async () => {
    const { token } = await signIn({ email, password: 'right-password' }, authCtx());
    await signOut(hashToken(token));
    expect(await findSessionUser(token)).toBeNull();
  });
});

describe('password reset', () => {
  it('mails a link that works once, sets the password, and ends every other session', async () => {
    const email = uniqueEmail('reset');
    const { token: oldSession } = await newAccount(email, 'old-password');
    const before = (await readOutbox(outbox)).length;
    await requestPasswordReset(email, authCtx());
    await requestPasswordReset(uniqueEmail('ghost'), authCtx()); // no account: same answer, no mail
    await settleAfterAnswer();
    expect((await readOutbox(outbox)).length).toBe(before + 1);

    const mail = (await lastMailTo(outbox, email))!;
    const link = new URL(linkIn(mail.text, '/reset-password')!);
    const token = link.searchParams.get('token')!;
    await checkResetToken(token);
    const input = parseWith(UpdatePasswordSchema, { token, password: 'new-password', password_confirmation: 'new-password' });
    await resetPassword(input, { sessionHash: null });

    expect(await findSessionUser(oldSession)).toBeNull();
    expect((await failure(signIn({ email, password: 'old-password' }, authCtx()))).httpStatus).toBe(401);
    expect((await signIn({ email, password: 'new-password' }, authCtx())).user.email_verified).toBe(true);
    const again = await failure(resetPassword(input, { sessionHash: null }));
    expect(again.httpStatus).toBe(409);
    expect(again.message).toMatch(/already used/);
  });

  it('a link used twice at the same moment changes the password once', async () => {
    const email = uniqueEmail('twice');
    await newAccount(email, 'old-password');
    await requestPasswordReset(email, authCtx());
    await settleAfterAnswer();
    const token = new URL(linkIn((await lastMailTo(outbox, email))!.text, '/reset-password')!).searchParams.get('token')!;
    const input = (password: string) => parseWith(UpdatePasswordSchema, { token, password, password_confirmation: password });
    const results = await Promise.all(
      ['first-pass', 'second-pass'].map((p) =>
        resetPassword(input(p), { sessionHash: null }).then(
          () => p,
          (err: AppError) => err.httpStatus,
        ),
      ),
    );
    expect(results.filter((r) => r === 409)).toHaveLength(1);
    const winner = results.find((r) => typeof r === 'string') as string;
    expect((await signIn({ email, password: winner }, authCtx())).user.email).toBe(email);
  });

  it('accepts the mailed code instead of the link, keeps the current session, refuses expired links', async () => {
    const email = uniqueEmail('code');
    const { token: here } = await newAccount(email, 'old-password');
    const { token: elsewhere } = await signIn({ email, password: 'old-password' }, authCtx());
    await requestPasswordReset(email, authCtx());
    await settleAfterAnswer();
    const mail = (await lastMailTo(outbox, email))!;
    const code = codeIn(mail.text)!;
    const input = parseWith(UpdatePasswordSchema, { email, code, password: 'newer-password', password_confirmation: 'newer-password' });
    await resetPassword(input, { sessionHash: hashToken(here) });
    expect(await findSessionUser(here)).not.toBeNull();
    expect(await findSessionUser(elsewhere)).toBeNull();

    await requestPasswordReset(email, authCtx());
    await settleAfterAnswer();
    const token = new URL(linkIn((await lastMailTo(outbox, email))!.text, '/reset-password')!).searchParams.get('token')!;
    await getDb().execute(sql`update user_tokens set expires_at = now() - interval '1 minute' where kind = 'reset'`);
    expect((await failure(checkResetToken(token))).message).toMatch(/expired/);
  });

  it('needs the token, or the email and code, and matching passwords', () => {
    const form = (input: object) => {
      try {
        parseWith(UpdatePasswordSchema, input);
        return [];
      } catch (err) {
        return (err as AppError).form;
      }
    };
    expect(form({ password: 'abcdef', password_confirmation: 'abcdef' })).toEqual(['Email is required', 'Code is required']);
    expect(form({ token: 't', password: 'abc', password_confirmation: 'abd' })).toEqual([
      'Invalid Password Length',
      "Password didn't match",
    ]);
  });
});
