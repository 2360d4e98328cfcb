import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import type { Access } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { GRANTABLE, isPermission, type Permission } from '@/server/core/policy';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { issueTokens, linkHash, newLinkToken } from '@/server/auth/codes';
import { turnOffTwoFactor } from '@/server/auth/two-factor';
import { queueMail } from '@/server/mail';
import { plainMail } from '@/server/content/mails';
import { getT } from '@/i18n';
import type { InviteStaffInput, StaffQuery } from '@/lib/schemas/backoffice';

/** A back-office account as the staff screen shows it. */
export interface StaffMember {
  id: number;
  name: string;
  email: string;
  roles: string[];
  permissions: string[];
  active: boolean;
  two_factor: boolean;
  /** Invited and has not set a password yet. */
  invited: boolean;
}

/** An invitation's link works for a week. */
export const INVITE_MINUTES = 7 * 24 * 60;

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roles: users.roles,
  permissions: users.permissions,
  status: users.status,
  totpEnabledAt: users.totpEnabledAt,
  passwordHash: users.passwordHash,
};

const toMember = (r: {
  id: number;
  name: string;
  email: string;
  roles: string[];
  permissions: string[];
  status: number;
  totpEnabledAt: Date | null;
  passwordHash: string | null;
}): StaffMember => ({
  id: r.id,
  name: r.name,
  email: r.email,
  roles: r.roles,
  permissions: r.permissions,
  active: r.status === 1,
  two_factor: r.totpEnabledAt !== null,
  invited: r.passwordHash === null,
});

/** Every account that holds a role (the partial index of migration 0008), newest first, by keyset pages. */
export async function listStaff(query: StaffQuery, db: Tx = getDb()): Promise<{ items: StaffMember[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where: (SQL | undefined)[] = [
    sql`cardinality(${users.roles}) > 0`,
    query.role ? sql`${query.role} = any(${users.roles})` : undefined,
    query.q ? sql`(${users.name} ilike ${like} or ${users.email} ilike ${like})` : undefined,
    after ? sql`${users.id} < ${after[0]}` : undefined,
  ];
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.id))
    .limit(query.per_page + 1);
  return pageOf(rows.map(toMember), query.per_page, (m) => [m.id]);
}

/** One staff member, or 404. */
export async function getStaffMember(id: number, db: Tx = getDb()): Promise<StaffMember> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), sql`cardinality(${users.roles}) > 0`));
  if (!row) throw notFound('item');
  return toMember(row);
}

/** Only permissions the owner may grant; an unknown one is refused by name. */
function grantable(permissions: string[]): Permission[] {
  const unknown = permissions.filter((p) => !isPermission(p) || !GRANTABLE.includes(p));
  if (unknown.length)
    throw new AppError({
      code: 'VALIDATION',
      message: 'backoffice.staff.unknownPermission',
      vars: { name: unknown[0] },
      details: { fields: { permissions: 'backoffice.staff.unknownPermission' } },
    });
  return [...new Set(permissions)] as Permission[];
}

/**
 * Invites a staff member: a new account without a password (or an existing shopper's account) gets the
 * `staff` role with the granted permissions, and a mail with a link to set a password (valid a week).
 */
export async function inviteStaff(input: InviteStaffInput, actor: Actor, { tx, audit }: Access): Promise<StaffMember> {
  const permissions = grantable(input.permissions);
  const [existing] = await tx
    .select(columns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email))
    .for('update');
  if (existing?.roles.length)
    throw new AppError({
      code: 'CONFLICT',
      message: 'backoffice.staff.alreadyStaff',
      details: { fields: { email: 'backoffice.staff.alreadyStaff' } },
    });
  const [row] = existing
    ? await tx
        .update(users)
        .set({ roles: ['staff'], permissions, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning(columns)
    : await tx
        .insert(users)
        .values({ name: input.name, email: input.email, roles: ['staff'], permissions })
        .returning(columns);
  const member = toMember(row!);
  const token = member.invited ? newLinkToken() : null;
  if (token) await issueTokens(member.id, 'reset', [linkHash(token)], INVITE_MINUTES, tx);
  audit({ entity: 'user', entityId: member.id, before: existing ? toMember(existing) : null, after: member });
  // Queued in this transaction (the outbox): a rolled-back invitation sends nothing.
  await mailInvitation(tx, member, token, actor);
  return member;
}

/** The invitation mail of a back-office account: set a password (new account) or sign in, then open `area`. */
export async function mailInvitation(
  tx: Tx,
  member: Pick<StaffMember, 'name' | 'email'>,
  token: string | null,
  actor: Actor,
  area: 'admin' | 'seller' = 'admin',
): Promise<void> {
  const t = await getT(actor.lang);
  const link = token ? `${actor.origin}/reset-password?token=${encodeURIComponent(token)}` : `${actor.origin}/login?redirect=%2F${area}`;
  await queueMail(tx, {
    ...plainMail({
      to: member.email,
      subject: t('backoffice.staff.inviteSubject', { site: actor.siteName }),
      paragraphs: [
        t('backoffice.staff.inviteHello', { name: member.name }),
        t('backoffice.staff.inviteText', { who: actor.user?.name ?? '', site: actor.siteName }),
        ...(token ? [t('backoffice.staff.inviteValid')] : []),
      ],
      link: { href: link, label: token ? t('backoffice.staff.inviteSetPassword') : t('backoffice.staff.inviteSignIn') },
    }),
    // The link sets a password for INVITE_MINUTES: the outbox keeps it no longer.
    ...(token ? { expiresAt: new Date(Date.now() + INVITE_MINUTES * 60_000) } : {}),
  });
}

/** Changes what a staff member may do; owners are not changed here. */
export async function updateStaffPermissions(
  input: { id: number; permissions: string[] },
  _actor: Actor,
  { tx, audit }: Access,
): Promise<StaffMember> {
  const before = await staffOnly(input.id, tx);
  const permissions = grantable(input.permissions);
  const [row] = await tx.update(users).set({ permissions, updatedAt: new Date() }).where(eq(users.id, input.id)).returning(columns);
  const after = toMember(row!);
  audit({ entity: 'user', entityId: input.id, before, after });
  return after;
}

/** Disables or enables a staff member's account; disabling ends every session of theirs at once. */
export async function setStaffActive(input: { id: number }, active: boolean, actor: Actor, { tx, audit }: Access): Promise<StaffMember> {
  if (input.id === actor.user?.id) throw new AppError({ code: 'CONFLICT', message: 'backoffice.staff.notYourself' });
  const before = await staffOnly(input.id, tx);
  const [row] = await tx
    .update(users)
    .set({ status: active ? 1 : 0, updatedAt: new Date() })
    .where(eq(users.id, input.id))
    .returning(columns);
  if (!active) await tx.delete(sessions).where(eq(sessions.userId, input.id));
  const after = toMember(row!);
  audit({ entity: 'user', entityId: input.id, before, after });
  return after;
}

/** Takes the staff role away (the account stays, as a shopper's). */
export async function revokeStaff(input: { id: number }, actor: Actor, { tx, audit }: Access): Promise<StaffMember> {
  if (input.id === actor.user?.id) throw new AppError({ code: 'CONFLICT', message: 'backoffice.staff.notYourself' });
  const before = await staffOnly(input.id, tx);
  const [row] = await tx
    .update(users)
    .set({ roles: before.roles.filter((r) => r !== 'staff'), permissions: [], updatedAt: new Date() })
    .where(eq(users.id, input.id))
    .returning(columns);
  const after = toMember(row!);
  audit({ entity: 'user', entityId: input.id, before, after });
  return after;
}

/** Turns a staff member's two-factor sign-in off (a lost phone): they set it up again at their next sign-in. */
export async function resetStaffTwoFactor(input: { id: number }, _actor: Actor, { tx, audit }: Access): Promise<StaffMember> {
  const before = await staffOnly(input.id, tx);
  await turnOffTwoFactor(input.id, tx);
  const after = { ...before, two_factor: false };
  audit({ entity: 'user', entityId: input.id, before, after });
  return after;
}

/** A staff member (not an owner) for a change, or 404 as if nobody had that id. */
async function staffOnly(id: number, tx: Tx): Promise<StaffMember> {
  const [row] = await tx.select(columns).from(users).where(eq(users.id, id)).for('update');
  if (!row || !row.roles.includes('staff') || row.roles.includes('owner')) throw notFound('item');
  return toMember(row);
}
