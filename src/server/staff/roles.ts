import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { storeMembers, stores, users } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { GRANTABLE, isPermission, isRole, type Role } from '@/server/core/policy';
import { writeAudit } from '@/server/core/audit';
import { forgetSessions } from '@/server/auth/sessions';

/** What `npm run shop -- user:role` asks for. */
export interface RoleChange {
  email: string;
  role: string;
  /** Staff: the permissions granted (replacing earlier ones). */
  grant?: string[];
  /** Seller: the store (slug) the account works for. */
  store?: string;
  revoke?: boolean;
}

/**
 * Gives an account a role or takes it away, from the command line: the first owner of a shop installed before
 * roles existed, and recovery (an owner locked out of two-factor is given the role again after `--revoke`).
 * Written in one transaction with its audit entry (actor: the command line); every process forgets the
 * account's sessions, so the change counts from its next request.
 */
export async function changeRole(change: RoleChange): Promise<{ email: string; roles: string[]; permissions: string[]; stores: number[] }> {
  if (!isRole(change.role))
    throw new AppError({ code: 'VALIDATION', message: `"${change.role}" is not a role: use owner, staff or seller.` });
  const role: Role = change.role;
  const grant = change.grant ?? [];
  const wrong = grant.filter((p) => !isPermission(p) || !GRANTABLE.includes(p));
  if (wrong.length)
    throw new AppError({ code: 'VALIDATION', message: `"${wrong[0]}" cannot be granted. Grantable: ${GRANTABLE.join(', ')}.` });
  if (grant.length && role !== 'staff') throw new AppError({ code: 'VALIDATION', message: '--grant is for the staff role only.' });
  if (change.store && role !== 'seller') throw new AppError({ code: 'VALIDATION', message: '--store is for the seller role only.' });
  const result = await getDb().transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, roles: users.roles, permissions: users.permissions })
      .from(users)
      .where(eq(sql`lower(${users.email})`, change.email.trim().toLowerCase()))
      .for('update');
    if (!user)
      throw new AppError({
        code: 'NOT_FOUND',
        message: `No account has the email ${change.email}. The person signs up first (or use the install wizard).`,
      });
    let storeId: number | null = null;
    if (change.store) {
      const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.slug, change.store));
      if (!store) throw new AppError({ code: 'NOT_FOUND', message: `There is no store with the slug "${change.store}".` });
      storeId = store.id;
    } else if (role === 'seller' && !change.revoke)
      throw new AppError({ code: 'VALIDATION', message: 'A seller works for a store: add --store <slug>.' });
    const roles = change.revoke ? user.roles.filter((r) => r !== role) : [...new Set([...user.roles, role])];
    const permissions = role === 'staff' ? (change.revoke ? [] : grant) : user.permissions;
    await tx.update(users).set({ roles, permissions, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (role === 'seller' && change.revoke) await tx.delete(storeMembers).where(eq(storeMembers.userId, user.id));
    if (storeId !== null) await tx.insert(storeMembers).values({ storeId, userId: user.id }).onConflictDoNothing();
    const members = await tx.select({ id: storeMembers.storeId }).from(storeMembers).where(eq(storeMembers.userId, user.id));
    await writeAudit(tx, { user: null, ip: null }, change.revoke ? 'cli.role-revoke' : 'cli.role-grant', {
      entity: 'user',
      entityId: user.id,
      before: { roles: user.roles, permissions: user.permissions },
      after: { roles, permissions, stores: members.map((m) => m.id) },
    });
    return { email: user.email, roles, permissions, stores: members.map((m) => m.id) };
  });
  await forgetSessions();
  return result;
}
