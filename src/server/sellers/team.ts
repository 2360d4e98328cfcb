import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { sessions, storeMembers, stores, users } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import { SELLER_MEMBER_PERMISSIONS, storeIdsOf, type Scope, type SellerMemberRole } from '@/server/core/policy';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { issueTokens, linkHash, newLinkToken } from '@/server/auth/codes';
import { INVITE_MINUTES, mailInvitation } from '@/server/staff/manage';
import type { InviteMemberInput } from '@/lib/schemas/team';

/**
 * A store's team (issue 35): the seller who opened it (`owner`) and the people they invited, each with a role
 * (`orders`: its orders only; `store`: everything in the store but the team). The role's permissions are kept in
 * the account (core/policy.ts, SELLER_MEMBER_PERMISSIONS), so the one policy decides every request. The invitation
 * is the operator's staff invitation (a link to set a password, valid a week). One account works for one store.
 */
export interface TeamMember {
  id: number;
  store_id: number;
  store_name: string;
  name: string;
  email: string;
  role: 'owner' | SellerMemberRole;
  active: boolean;
  /** Invited and has not set a password yet. */
  invited: boolean;
}

const columns = {
  id: users.id,
  storeId: storeMembers.storeId,
  storeName: stores.name,
  name: users.name,
  email: users.email,
  role: storeMembers.role,
  status: users.status,
  passwordHash: users.passwordHash,
};

const toMember = (r: {
  id: number;
  storeId: number;
  storeName: string;
  name: string;
  email: string;
  role: 'owner' | 'orders' | 'store';
  status: number;
  passwordHash: string | null;
}): TeamMember => ({
  id: r.id,
  store_id: r.storeId,
  store_name: r.storeName,
  name: r.name,
  email: r.email,
  role: r.role,
  active: r.status === 1,
  invited: r.passwordHash === null,
});

function inScope(scope: Scope): SQL | undefined {
  const ids = storeIdsOf(scope);
  return ids === null ? undefined : inArray(storeMembers.storeId, ids.length ? [...ids] : [0]);
}

const base = (db: Tx) =>
  db
    .select(columns)
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .innerJoin(stores, eq(stores.id, storeMembers.storeId));

/** The scope's stores' teams, owners first. A store has a handful of people: one page. */
export async function listTeam(scope: Scope, db: Tx = getDb()): Promise<{ items: TeamMember[] }> {
  const rows = await base(db)
    .where(inScope(scope))
    .orderBy(asc(storeMembers.storeId), sql`${storeMembers.role} <> 'owner'`, asc(users.id))
    .limit(500);
  return { items: rows.map(toMember) };
}

/** One member of the scope's stores, or 404 as if nobody had that id. */
export async function getTeamMember(id: number, scope: Scope, db: Tx = getDb()): Promise<TeamMember> {
  const [row] = await base(db).where(and(eq(users.id, id), inScope(scope)));
  if (!row) throw notFound('item');
  return toMember(row);
}

/** An invited member (not the owner, not the caller) for a change; 404 outside the scope. */
async function memberToChange(id: number, actor: Actor, scope: Scope, tx: Tx): Promise<TeamMember> {
  const member = await getTeamMember(id, scope, tx);
  if (member.role === 'owner' || id === actor.user?.id) throw new AppError({ code: 'CONFLICT', message: 'backoffice.team.errors.owner' });
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return member;
}

function storeFor(input: InviteMemberInput, scope: Scope): number {
  const ids = storeIdsOf(scope);
  if (input.store_id !== undefined) {
    if (ids !== null && !ids.includes(input.store_id)) throw notFound('item');
    return input.store_id;
  }
  if (ids?.length) return ids[0]!;
  throw new AppError({
    code: 'VALIDATION',
    message: 'backoffice.storeVouchers.errors.store',
    details: { fields: { store_id: 'backoffice.storeVouchers.errors.store' } },
  });
}

/**
 * Invites someone to the store: a new account without a password (or an existing shopper's account) becomes a
 * seller account of this store with the role's permissions, and is mailed a link to set a password (a week).
 * Someone who already works in a back office (any store's team, the operator's staff) is refused.
 */
export async function inviteMember(input: InviteMemberInput, actor: Actor, { scope, tx, audit }: Access): Promise<TeamMember> {
  const storeId = storeFor(input, scope);
  const permissions = [...SELLER_MEMBER_PERMISSIONS[input.role]];
  const [existing] = await tx
    .select({ id: users.id, roles: users.roles, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email))
    .for('update');
  const [member] = existing
    ? await tx.select({ id: storeMembers.userId }).from(storeMembers).where(eq(storeMembers.userId, existing.id))
    : [];
  if (existing?.roles.length || member)
    throw new AppError({
      code: 'CONFLICT',
      message: 'backoffice.team.errors.taken',
      details: { fields: { email: 'backoffice.team.errors.taken' } },
    });
  const [row] = existing
    ? await tx
        .update(users)
        .set({ roles: ['seller'], permissions, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning({ id: users.id })
    : await tx
        .insert(users)
        .values({ name: input.name, email: input.email, roles: ['seller'], permissions })
        .returning({ id: users.id });
  await tx.insert(storeMembers).values({ storeId, userId: row!.id, role: input.role });
  const after = await getTeamMember(row!.id, scope, tx);
  const token = after.invited ? newLinkToken() : null;
  if (token) await issueTokens(after.id, 'reset', [linkHash(token)], INVITE_MINUTES, tx);
  audit({ entity: 'store_member', entityId: after.id, before: null, after });
  // Queued in this transaction (the outbox): a rolled-back invitation sends nothing.
  await mailInvitation(tx, after, token, actor, 'seller');
  return after;
}

/** Changes an invited member's role; it counts from their next request. */
export async function changeMemberRole(
  input: { id: number; role: SellerMemberRole },
  actor: Actor,
  { scope, tx, audit }: Access,
): Promise<TeamMember> {
  const before = await memberToChange(input.id, actor, scope, tx);
  await tx
    .update(storeMembers)
    .set({ role: input.role })
    .where(and(eq(storeMembers.userId, input.id), eq(storeMembers.storeId, before.store_id)));
  await tx
    .update(users)
    .set({ permissions: [...SELLER_MEMBER_PERMISSIONS[input.role]], updatedAt: new Date() })
    .where(eq(users.id, input.id));
  const after = { ...before, role: input.role };
  audit({ entity: 'store_member', entityId: input.id, before, after });
  return after;
}

/** Removes an invited member from the store: the account stays, as a shopper's, and its sessions end at once. */
export async function removeMember(input: { id: number }, actor: Actor, { scope, tx, audit }: Access): Promise<TeamMember> {
  const before = await memberToChange(input.id, actor, scope, tx);
  await tx.delete(storeMembers).where(and(eq(storeMembers.userId, input.id), eq(storeMembers.storeId, before.store_id)));
  await tx
    .update(users)
    .set({ roles: sql`array_remove(${users.roles}, 'seller')`, permissions: [], updatedAt: new Date() })
    .where(eq(users.id, input.id));
  await tx.delete(sessions).where(eq(sessions.userId, input.id));
  audit({ entity: 'store_member', entityId: input.id, before, after: null });
  return before;
}
