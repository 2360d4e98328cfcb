import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { hitLimit, throttled } from '@/server/core/throttle';
import { findAccountByEmail, isUniqueViolation, toAuthUser } from '@/server/account/accounts';
import { hashPassword } from '@/server/auth/passwords';
import { startSession, type SignedIn } from '@/server/auth/auth';
import { sendVerifyCode } from '@/server/auth/verify';
import type { AuthContext } from '@/server/core/actor';
import type { SignupInput } from '@/lib/schemas/auth';

export const EMAIL_TAKEN = 'An account with this email already exists. Sign in, or reset your password if you forgot it.';

const emailTaken = () => new AppError({ code: 'CONFLICT', message: EMAIL_TAKEN, details: { fields: { email: EMAIL_TAKEN } } });

/**
 * Creates an account (password stored only as a scrypt hash), mails the 6-digit verification code,
 * and signs the new user in (unverified accounts may shop; see docs/decisions/0007-accounts.md).
 */
export async function signUp(input: SignupInput, ctx: AuthContext): Promise<SignedIn> {
  // 30 new accounts an hour from one address: enough for a shared office, not for a bot farm.
  const limit = await hitLimit({ key: `signup:ip:${ctx.ip}`, max: 30, windowSeconds: 60 * 60 });
  if (limit.limited) throw throttled('Too many new accounts from your network.', limit.retryAfter);
  if (await findAccountByEmail(input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  let row;
  try {
    [row] = await getDb()
      .insert(users)
      .values({ name: input.name, email: input.email, phone: input.phone ?? null, passwordHash })
      .returning();
  } catch (err) {
    // Two sign-ups for one address at once: the unique index decides, the loser gets the same answer.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  const account = { ...row!, emailVerifiedAt: null };
  await sendVerifyCode(account, ctx);
  const { token } = await startSession(account.id, ctx);
  return { token, user: toAuthUser(account) };
}
