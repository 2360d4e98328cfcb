import { and, eq, ne } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { DELETE_WORD, type PasswordChangeInput } from '@/lib/schemas/account';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import { deleteUserSessions, forgetSessions } from '@/server/auth/sessions';
import { removeUpload } from '@/server/uploads/storage';
import { wrongPassword } from '@/server/account/profile';

/**
 * Changes the password after checking the current one, and ends every other session of the user
 * (the one in use, `keepSessionHash`, stays signed in).
 */
export async function changePassword(userId: number, input: PasswordChangeInput, keepSessionHash: string | null): Promise<void> {
  const db = getDb();
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('yourAccount');
  if (!(await verifyPassword(input.current_password, row.hash))) throw wrongPassword('current_password');
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
    if (keepSessionHash) await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionHash)));
    else await deleteUserSessions(userId, tx);
  });
  await forgetSessions();
}

/**
 * Deletes the account after confirmation (the password, or the typed word when the account has no
 * password): sessions, addresses, cards, cart, lists, follows and vouchers go with it (foreign keys
 * cascade); orders stay for the shop's books without the user. The avatar file is removed.
 */
export async function deleteAccount(userId: number, confirm: { password: string; confirm: string }): Promise<void> {
  const db = getDb();
  const [row] = await db.select({ hash: users.passwordHash, avatar: users.avatar }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('yourAccount');
  if (row.hash) {
    if (!confirm.password)
      throw new AppError({
        code: 'VALIDATION',
        message: 'Password is required',
        details: { fields: { password: 'Password is required' } },
      });
    if (!(await verifyPassword(confirm.password, row.hash))) throw wrongPassword('password');
  } else if (confirm.confirm.toUpperCase() !== DELETE_WORD) {
    const message = `Type ${DELETE_WORD} to confirm.`;
    throw new AppError({ code: 'VALIDATION', message, details: { fields: { confirm: message } } });
  }
  await db.transaction(async (tx) => {
    await deleteUserSessions(userId, tx);
    await tx.delete(users).where(eq(users.id, userId));
  });
  await forgetSessions();
  await removeUpload(row.avatar);
}
