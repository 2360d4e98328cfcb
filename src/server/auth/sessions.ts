import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema';
import type { SessionUser } from '@/server/core/actor';

/** The spec's auth cookie: prefix frontend_, path /, max age 31622400 s (section 9). */
export const SESSION_COOKIE = 'frontend_session';
export const SESSION_MAX_AGE_S = 31_622_400;

/** Only a hash of the session id is stored, so a leaked table signs nobody in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random session for the user; returns the secret token (cookie value / Bearer token). */
export async function createSession(
  userId: number,
  meta: { userAgent?: string | null; ip?: string | null } = {},
  db: Tx = getDb(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_S * 1000);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The active user behind a session token, or null when unknown, expired or the account is disabled. */
export async function findSessionUser(token: string): Promise<(SessionUser & { sessionHash: string }) | null> {
  if (!token || token.length > 200) return null;
  const idHash = hashToken(token);
  const [row] = await getDb()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date()), eq(users.status, 1)))
    .limit(1);
  return row ? { ...row, sessionHash: idHash } : null;
}

/** Ends one session on the server. */
export async function deleteSession(sessionHash: string, db: Tx = getDb()): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sessionHash));
}

/** Ends every session of a user (password change, account deletion). */
export async function deleteUserSessions(userId: number, db: Tx = getDb()): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Drops expired sessions; cheap enough to call now and then. */
export async function purgeExpiredSessions(): Promise<void> {
  await getDb().delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
