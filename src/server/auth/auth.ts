import { AppError } from '@/server/core/errors';
import { hitLimit, releaseLimit, resetLimit, throttled, type Limit } from '@/server/core/throttle';
import { findAccountByEmail, toAuthUser, type AuthUser } from '@/server/account/accounts';
import { dummyHash, verifyPassword } from '@/server/auth/passwords';
import { createSession, deleteSession } from '@/server/auth/sessions';
import { mergeGuestIntoUser } from '@/server/cart/merge-guest';
import type { AuthContext } from '@/server/core/actor';
import { writeAudit } from '@/server/core/audit';
import { isRole } from '@/server/core/policy';
import { getDb } from '@/server/db/client';
import type { SigninInput } from '@/lib/schemas/auth';

/** What sign-in and sign-up answer: the session token (Bearer for API clients) and the user. */
export interface SignedIn {
  token: string;
  user: AuthUser;
}

const WINDOW_S = 15 * 60;
/** 5 failed sign-ins per account and 20 per client address in 15 minutes. */
export const accountLimit = (email: string): Limit => ({ key: `signin:account:${email.toLowerCase()}`, max: 5, windowSeconds: WINDOW_S });
export const addressLimit = (ip: string): Limit => ({ key: `signin:ip:${ip}`, max: 20, windowSeconds: WINDOW_S });

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';

/**
 * Checks email and password and opens a new session. Each attempt is counted before the password is
 * checked, so concurrent guesses cannot pass the limits; a success clears the account's count and
 * gives the address its attempt back.
 */
export async function signIn(input: SigninInput, ctx: AuthContext): Promise<SignedIn> {
  const byAccount = accountLimit(input.email);
  const byAddress = addressLimit(ctx.ip);
  const [a, b] = [await hitLimit(byAccount), await hitLimit(byAddress)];
  if (a.limited || b.limited) {
    const wait = Math.max(a.limited ? a.retryAfter : 0, b.limited ? b.retryAfter : 0);
    throw throttled('Too many sign-in attempts.', wait);
  }
  const account = await findAccountByEmail(input.email);
  // Without an account (or a password) a dummy hash is checked, so timing does not tell them apart.
  const valid = await verifyPassword(input.password, account?.passwordHash ?? (await dummyHash()));
  if (!account || !account.passwordHash || !valid) {
    // About the pair, not one field: it shows once, above the form (it was under Password and above the form).
    throw new AppError({ code: 'UNAUTHENTICATED', message: WRONG_CREDENTIALS });
  }
  await resetLimit(byAccount.key);
  await releaseLimit(byAddress.key);
  if (account.status !== 1) {
    throw new AppError({ code: 'FORBIDDEN', message: 'This account is disabled. Please contact the shop.' });
  }
  const { token } = await startSession(account.id, ctx);
  // Sign-ins to the back office are audited (who, from where); a shopper's are not.
  if (account.roles.length)
    await writeAudit(getDb(), { user: { ...account, roles: account.roles.filter(isRole) }, ip: ctx.ip }, 'auth.sign-in', {
      entity: 'user',
      entityId: account.id,
      before: null,
      after: { user_agent: ctx.userAgent?.slice(0, 200) ?? null },
    });
  return { token, user: toAuthUser(account) };
}

/**
 * Signs a user in after their identity is proven (password, sign-up, social login): the guest's
 * collections join the account, the request's old session ends, and a brand-new session id is made.
 */
export async function startSession(userId: number, ctx: AuthContext): Promise<{ token: string; expiresAt: Date }> {
  await mergeGuestIntoUser(ctx.guestToken, userId);
  if (ctx.sessionHash) await deleteSession(ctx.sessionHash);
  return createSession(userId, { userAgent: ctx.userAgent, ip: ctx.ip });
}

/** Ends the session on the server (the caller clears the cookie). */
export async function signOut(sessionHash: string | null): Promise<void> {
  if (sessionHash) await deleteSession(sessionHash);
}
