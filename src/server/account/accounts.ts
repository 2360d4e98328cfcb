import { eq, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { users } from '@/server/db/schema';

/** What the API answers about the signed-in user (`data.user`). */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  email_verified: boolean;
}

export interface AccountRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  status: number;
  roles: string[];
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  passwordHash: users.passwordHash,
  emailVerifiedAt: users.emailVerifiedAt,
  status: users.status,
  roles: users.roles,
};

/** The account with this email (any letter case), or null. */
export async function findAccountByEmail(email: string, db: Tx = getDb()): Promise<AccountRow | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findAccountById(id: number, db: Tx = getDb()): Promise<AccountRow | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Whether the user has confirmed their email address (others may require it, e.g. before paying). */
export async function isEmailVerified(userId: number): Promise<boolean> {
  return Boolean((await findAccountById(userId))?.emailVerifiedAt);
}

export const toAuthUser = (row: AccountRow): AuthUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  email_verified: row.emailVerifiedAt !== null,
});

/** True for a unique-constraint violation, whichever driver raised it (drizzle wraps it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}
