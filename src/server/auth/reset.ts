import { and, eq, ne } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { forgetSessions } from '@/server/auth/sessions';
import { sessions, users } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { hitLimit, resetLimit, throttled } from '@/server/core/throttle';
import { queueMail, sendQueuedNow } from '@/server/mail';
import { runAfterAnswer } from '@/server/core/background';
import { resetPasswordMail } from '@/server/mail/templates';
import { findAccountByEmail } from '@/server/account/accounts';
import {
  CODE_ATTEMPTS,
  codeHash,
  consumeToken,
  findToken,
  issueTokens,
  linkHash,
  newCode,
  newLinkToken,
  RESET_MINUTES,
  retireTokens,
  type TokenRow,
} from '@/server/auth/codes';
import { hashPassword } from '@/server/auth/passwords';
import { accountLimit } from '@/server/auth/auth';
import type { AuthContext } from '@/server/core/actor';
import type { UpdatePasswordInput } from '@/lib/schemas/auth';

/** The one answer to every reset request, so it never tells whether an account exists. */
export const RESET_SENT =
  'If an account exists for this email, we have sent a link and a 6-digit code to reset the password. They work for 60 minutes.';
export const PASSWORD_CHANGED = 'Your password was changed. Sign in with your new password.';

const attemptsKey = (email: string) => `reset:attempts:${email.toLowerCase()}`;

/**
 * Mails a single-use reset link and code (valid 60 minutes; earlier ones stop working). Limited per
 * address of the shopper (429) and, silently, per email, so nobody can flood a mailbox.
 *
 * The answer does the same work whether or not the account exists: only the per-address limit is
 * awaited; looking the account up, issuing the tokens and mailing run after the answer
 * (runAfterAnswer), so neither its words nor its timing tell whether an account exists.
 */
export async function requestPasswordReset(email: string, ctx: AuthContext): Promise<void> {
  const byAddress = await hitLimit({ key: `reset:ip:${ctx.ip}`, max: 10, windowSeconds: 15 * 60 });
  if (byAddress.limited) throw throttled('Too many reset requests from your network.', byAddress.retryAfter);
  runAfterAnswer('password reset mail', () => mailResetIfAccount(email, ctx));
}

async function mailResetIfAccount(email: string, ctx: AuthContext): Promise<void> {
  const byEmail = await hitLimit({ key: `reset:email:${email.toLowerCase()}`, max: 3, windowSeconds: 15 * 60 });
  if (byEmail.limited) return;
  const account = await findAccountByEmail(email);
  if (!account || account.status !== 1) return;
  const token = newLinkToken();
  const code = newCode();
  const mail = await resetPasswordMail({
    lang: ctx.lang,
    siteName: ctx.siteName,
    origin: ctx.origin,
    to: account.email,
    name: account.name,
    code,
    token,
    minutes: RESET_MINUTES,
  });
  // The link, the code and their mail are one transaction (the outbox); the mail is kept no longer than they work.
  const queued = await getDb().transaction(async (tx) => {
    await issueTokens(account.id, 'reset', [linkHash(token), codeHash('reset', account.id, code)], RESET_MINUTES, tx);
    return queueMail(tx, { ...mail, expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000) });
  });
  await resetLimit(attemptsKey(account.email));
  await sendQueuedNow([queued]);
}

const linkError = (message: string, code: 'VALIDATION' | 'ALREADY_USED' = 'VALIDATION') =>
  new AppError({ code, message, details: { fields: { token: message } } });

/** Whether a reset link can still be used; throws the reason when it cannot (used, expired, unknown). */
export async function checkResetToken(token: string): Promise<TokenRow> {
  const row = await findToken('reset', linkHash(token));
  if (!row) throw linkError('This reset link is not valid. Ask for a new one.');
  if (row.usedAt) throw linkError('This reset link was already used. Ask for a new one.', 'ALREADY_USED');
  if (row.expiresAt <= new Date()) throw linkError('This reset link has expired. Ask for a new one.');
  return row;
}

async function checkResetCode(email: string, code: string): Promise<TokenRow> {
  const attempts = await hitLimit({ key: attemptsKey(email), max: CODE_ATTEMPTS, windowSeconds: RESET_MINUTES * 60 });
  if (attempts.limited) throw throttled('Too many wrong codes.', attempts.retryAfter, 'Ask for a new reset email and use that code.');
  const account = await findAccountByEmail(email);
  const row = account ? await findToken('reset', codeHash('reset', account.id, code)) : null;
  const fail = (message: string, kind: 'VALIDATION' | 'ALREADY_USED' = 'VALIDATION') =>
    new AppError({ code: kind, message, details: { fields: { code: message } } });
  if (!row) throw fail('The code is not correct. Check the latest email we sent you.');
  if (row.usedAt) throw fail('This code was already used. Ask for a new one.', 'ALREADY_USED');
  if (row.expiresAt <= new Date()) throw fail('This code has expired. Ask for a new one.');
  return row;
}

/**
 * Sets a new password with a reset link or code: uses it up (with every other pending reset), marks
 * the email verified (the mailbox was proven) and ends every other session of the account.
 */
export async function resetPassword(input: UpdatePasswordInput, ctx: Pick<AuthContext, 'sessionHash'>): Promise<{ email: string }> {
  const row = input.kind === 'token' ? await checkResetToken(input.token) : await checkResetCode(input.email, input.code);
  const passwordHash = await hashPassword(input.password);
  const email = await getDb().transaction(async (tx) => {
    if (!(await consumeToken(row.id, tx))) throw linkError('This reset link was already used. Ask for a new one.', 'ALREADY_USED');
    await retireTokens(row.userId, 'reset', tx);
    const [user] = await tx.select({ email: users.email, verified: users.emailVerifiedAt }).from(users).where(eq(users.id, row.userId));
    const now = new Date();
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user!.verified ?? now, updatedAt: now })
      .where(eq(users.id, row.userId));
    const others = ctx.sessionHash
      ? and(eq(sessions.userId, row.userId), ne(sessions.idHash, ctx.sessionHash))
      : eq(sessions.userId, row.userId);
    await tx.delete(sessions).where(others);
    return user!.email;
  });
  await forgetSessions();
  await resetLimit(attemptsKey(email));
  // A shopper locked out by someone guessing their password gets back in with the new one.
  await resetLimit(accountLimit(email).key);
  return { email };
}
