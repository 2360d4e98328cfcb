import { eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { hitLimit, resetLimit, throttled } from '@/server/core/throttle';
import { queueMail, sendQueuedNow } from '@/server/mail';
import { verifyCodeMail } from '@/server/mail/templates';
import { findAccountByEmail, toAuthUser, type AccountRow, type AuthUser } from '@/server/account/accounts';
import { CODE_ATTEMPTS, codeHash, consumeToken, findToken, issueTokens, newCode, retireTokens, VERIFY_MINUTES } from '@/server/auth/codes';
import type { AuthContext } from '@/server/core/actor';

const attemptsKey = (email: string) => `verify:attempts:${email.toLowerCase()}`;

const codeError = (message: string, code: 'VALIDATION' | 'ALREADY_USED' = 'VALIDATION') =>
  new AppError({ code, message, details: { fields: { code: message } } });

export const WRONG_CODE = 'The code is not correct. Check the latest email we sent you.';

/** Mails a fresh 6-digit code (older codes stop working): the code and its mail are one transaction (the outbox). */
export async function sendVerifyCode(account: Pick<AccountRow, 'id' | 'name' | 'email'>, ctx: AuthContext): Promise<void> {
  const code = newCode();
  const mail = await verifyCodeMail({
    lang: ctx.lang,
    siteName: ctx.siteName,
    origin: ctx.origin,
    to: account.email,
    name: account.name,
    code,
    minutes: VERIFY_MINUTES,
  });
  const queued = await getDb().transaction(async (tx) => {
    await issueTokens(account.id, 'verify', [codeHash('verify', account.id, code)], VERIFY_MINUTES, tx);
    // The code works VERIFY_MINUTES: the outbox keeps it no longer.
    return queueMail(tx, { ...mail, expiresAt: new Date(Date.now() + VERIFY_MINUTES * 60_000) });
  });
  await resetLimit(attemptsKey(account.email));
  await sendQueuedNow([queued]);
}

/** Sends a new code on request; answers the same whether or not the address has an account. */
export async function resendVerifyCode(email: string, ctx: AuthContext): Promise<void> {
  const limit = await hitLimit({ key: `verify:resend:${email.toLowerCase()}`, max: 5, windowSeconds: 60 * 60 });
  if (limit.limited) throw throttled('We have sent several codes already.', limit.retryAfter);
  const account = await findAccountByEmail(email);
  if (account && !account.emailVerifiedAt && account.status === 1) await sendVerifyCode(account, ctx);
}

/**
 * Confirms the email address with the mailed code: single use, expiring, and at most 5 wrong tries
 * per code (then a new code is needed).
 */
export async function verifyEmail(email: string, code: string): Promise<AuthUser> {
  const attempts = await hitLimit({ key: attemptsKey(email), max: CODE_ATTEMPTS, windowSeconds: VERIFY_MINUTES * 60 });
  if (attempts.limited) throw throttled('Too many wrong codes.', attempts.retryAfter, 'Ask for a new code and use that one.');
  const account = await findAccountByEmail(email);
  const token = account ? await findToken('verify', codeHash('verify', account.id, code)) : null;
  if (!account || !token) throw codeError(WRONG_CODE);
  if (token.usedAt) {
    throw codeError(
      account.emailVerifiedAt ? 'Your email address is already verified.' : 'This code was already used. Ask for a new one.',
      'ALREADY_USED',
    );
  }
  if (token.expiresAt <= new Date()) throw codeError('This code has expired. Ask for a new one.');
  if (!(await consumeToken(token.id))) throw codeError('This code was already used. Ask for a new one.', 'ALREADY_USED');
  const verifiedAt = account.emailVerifiedAt ?? new Date();
  await getDb().update(users).set({ emailVerifiedAt: verifiedAt, updatedAt: new Date() }).where(eq(users.id, account.id));
  await retireTokens(account.id, 'verify');
  await resetLimit(attemptsKey(email));
  return toAuthUser({ ...account, emailVerifiedAt: verifiedAt });
}
