import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { getDatabase, getDb, type Tx } from '@/server/db/client';
import { preparedRows } from '@/server/db/prepared';
import { sessions } from '@/server/db/schema';
import type { SessionUser } from '@/server/core/actor';
import { registerCache } from '@/server/core/memo';
import { announceNarrowChange } from '@/server/core/invalidation';
import { runAfterAnswer } from '@/server/core/background';
import { isRole } from '@/server/core/policy';

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
  // Now and then a sign-in clears away sessions that have expired, so the table does not only grow: one through the
  // process's database (not inside a transaction, nor a script's own handle where the process has none).
  if (db === getDatabase()?.db && Math.random() < PURGE_CHANCE) runAfterAnswer('purge expired sessions', purgeExpiredSessions);
  return { token, expiresAt };
}

/** One sign-in in a hundred purges (a cheap delete on the expiry; nothing reads an expired row). */
const PURGE_CHANCE = 0.01;

/** A signed-in user as a request knows them, with their session's hash and facts. */
export type SessionUserWithFacts = SessionUser & { sessionHash: string; twoFactorAt: number | null };

/** The active user behind a session token, or null when unknown, expired or the account is disabled. */
export async function findSessionUser(token: string, now: number = Date.now()): Promise<SessionUserWithFacts | null> {
  return (await loadSessionUser(token, now))?.user ?? null;
}

/** A back-office account's session ends after this long without a request (issue 29). */
export const BACK_OFFICE_IDLE_MS = 12 * 60 * 60 * 1000;
/** How stale a session's `last_seen_at` may get before a request writes it again. */
const LAST_SEEN_EVERY_MS = 60_000;

/** A session's row as the lookup reads it: timestamps as PostgreSQL's text, as drizzle's drivers give them. */
interface SessionRow {
  id: number;
  name: string;
  email: string;
  roles: string[];
  permissions: string[];
  totp_enabled_at: string | null;
  expires_at: string;
  last_seen_at: string;
  two_factor_at: string | null;
}

/** A `timestamp with time zone`'s text (or Date) as a Date, as drizzle maps the column (`new Date(text)`). */
const asDate = (value: string | Date) => new Date(value);

async function loadSessionUser(token: string, now: number) {
  if (!token || token.length > 200) return null;
  const idHash = hashToken(token);
  // Planned once on the embedded database (db/prepared.ts): a request whose token is not remembered asks this —
  // every request of an app that sends its guest token as Bearer does (a guest token is never a session).
  const [found] = await preparedRows<SessionRow>(
    sql`select u.id, u.name, u.email, u.roles, u.permissions, u.totp_enabled_at, s.expires_at, s.last_seen_at, s.two_factor_at
        from sessions s join users u on u.id = s.user_id
        where s.id_hash = ${idHash} and s.expires_at > ${new Date(now).toISOString()}::timestamptz and u.status = 1
        limit 1`,
  );
  const row = found && {
    id: Number(found.id),
    name: found.name,
    email: found.email,
    roles: found.roles,
    permissions: found.permissions,
    totpEnabledAt: found.totp_enabled_at === null ? null : asDate(found.totp_enabled_at),
    expiresAt: asDate(found.expires_at),
    lastSeenAt: asDate(found.last_seen_at),
    twoFactorAt: found.two_factor_at === null ? null : asDate(found.two_factor_at),
  };
  if (!row) return null;
  const roles = row.roles.filter(isRole);
  if (roles.length) {
    // A back-office account's session left idle for 12 hours is over, everywhere.
    if (now - row.lastSeenAt.getTime() > BACK_OFFICE_IDLE_MS) {
      await getDb().delete(sessions).where(eq(sessions.idHash, idHash));
      return null;
    }
    if (now - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS)
      await getDb()
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.idHash, idHash));
  }
  const user: SessionUserWithFacts = {
    id: row.id,
    name: row.name,
    email: row.email,
    roles,
    permissions: row.permissions,
    twoFactor: row.totpEnabledAt !== null,
    sessionHash: idHash,
    twoFactorAt: row.twoFactorAt?.getTime() ?? null,
  };
  // A back-office account is asked again within the idle limit's last minute, so its memory never outlives it.
  const expiresAt = roles.length
    ? Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + BACK_OFFICE_IDLE_MS)
    : row.expiresAt.getTime();
  return { user, expiresAt };
}

/**
 * The user behind a request's session token, remembered by this process for a few seconds (decision
 * 0024): every signed-in request asks, and on the embedded database the query is most of a shared
 * page's cost. Whatever ends a session or changes a user calls `forgetSessions()` (after its
 * transaction), which empties this memory here and, on PostgreSQL, in every other process at once; a
 * change nobody announces (plain SQL) shows within SESSION_MEMO_MS. An expired session is never served.
 */
export async function sessionUserOf(token: string, now: number = Date.now()): Promise<SessionUserWithFacts | null> {
  const kept = remembered.get(token);
  if (kept && now - kept.at < SESSION_MEMO_MS && now < kept.expiresAt) return kept.user;
  // A sign-out while this query runs must not be undone by storing what it read before.
  const generation = forgotten;
  const found = await loadSessionUser(token, now);
  if (!found) {
    remembered.delete(token);
    return null;
  }
  if (generation === forgotten) {
    if (remembered.size >= SESSION_MEMO_MAX) remembered.clear();
    remembered.set(token, { ...found, at: now });
  }
  return found.user;
}

export const SESSION_MEMO_MS = 5_000;
const SESSION_MEMO_MAX = 10_000;
const remembered = new Map<string, { user: SessionUserWithFacts; at: number; expiresAt: number }>();
/** How many times the memory was emptied: a read that started before the last time is not kept. */
let forgotten = 0;
registerCache(
  {
    clear() {
      remembered.clear();
      forgotten++;
    },
  },
  'sessions',
);

/** After a session ended or a user changed (name, status, password, deletion): every process forgets the sessions it remembers. */
export const forgetSessions = () => announceNarrowChange('sessions');

/** Ends one session on the server. */
export async function deleteSession(sessionHash: string, db: Tx = getDb()): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sessionHash));
  await forgetSessions();
}

/** Ends every session of a user (password change, account deletion); inside a transaction the caller forgets again after it. */
export async function deleteUserSessions(userId: number, db: Tx = getDb()): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await forgetSessions();
}

/** Drops expired sessions (the memory never serves an expired one); cheap enough to call now and then. */
export async function purgeExpiredSessions(): Promise<void> {
  await getDb().delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
