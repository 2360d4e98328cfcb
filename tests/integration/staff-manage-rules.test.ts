import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { sessions, users, userTokens } from '@/server/db/schema';
import type { Access, AuditRecord } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import { InviteStaffSchema, StaffQuerySchema } from '@/lib/schemas/backoffice';
import { linkHash } from '@/server/auth/codes';
import {
  getStaffMember,
  inviteStaff,
  listStaff,
  mailInvitation,
  resetStaffTwoFactor,
  revokeStaff,
  setStaffActive,
  updateStaffPermissions,
} from '@/server/staff/manage';
import { failure } from './cart-fixtures';

/**
 * staff/manage.ts called directly (issue 38, docs/mutation-testing.md run AC): the staff list (only accounts
 * holding a role, each filter on its own, keyset pages), one member, the invitation (new account or a shopper's,
 * its token and its mail word for word), permissions granted by name only, disabling, revoking and two-factor
 * reset, each with the owner's own account and other owners out of reach. An empty shop with accounts made here.
 */
useTestDatabase();

const WEEK_MS = 7 * 24 * 60 * 60_000;
let n = 0;

async function person(over: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(users)
    .values({ name: `Person ${++n}`, email: `person-${n}@crew.test`, ...over })
    .returning();
  return row!;
}

const ownerUser = { id: 0, name: 'Owen Owner', email: 'owen@crew.test', roles: ['owner'] as const, permissions: [], twoFactor: false };
const actorOf = (user: typeof ownerUser | null): Actor => ({
  user: user as Actor['user'],
  guestToken: null,
  sessionHash: null,
  ip: '203.0.113.5',
  userAgent: null,
  lang: 'en',
  origin: 'http://shop.test',
  siteName: 'Ohm Outlet',
});

/** Runs one service in a transaction of its own, with the audit records it describes. */
async function run<T>(fn: (access: Access) => Promise<T>): Promise<{ result: T; audits: AuditRecord[] }> {
  const audits: AuditRecord[] = [];
  const result = await getDb().transaction((tx) => fn({ scope: { kind: 'any' }, tx, audit: (r) => void audits.push(r) }));
  return { result, audits };
}

const mailsTo = (db: Tx, to: string) =>
  queryRows<{ subject: string; text: string; html: string; expires_at: string | Date | null }>(
    db,
    sql`select subject, text, html, expires_at from mail_outbox where "to" = ${to} order by id`,
  );

const q = (query: Record<string, unknown> = {}) => StaffQuerySchema.parse(query);
const listed = async (query: Record<string, unknown> = {}) => (await listStaff(q(query))).items.map((m) => m.email);

describe('the staff list', () => {
  it('lists only accounts holding a role, newest first, every field; filters by role and by name or email', async () => {
    const suffix = 'list.test';
    const a = await person({ name: 'Ann Admin', email: `ann@${suffix}`, roles: ['owner'], passwordHash: 'x' });
    await person({ name: 'Sam Shopper', email: `sam@${suffix}`, passwordHash: 'x' });
    const b = await person({
      name: 'Bo Staff',
      email: `bo@${suffix}`,
      roles: ['staff'],
      permissions: ['read:order'],
      status: 0,
      totpEnabledAt: new Date('2026-01-01T00:00:00Z'),
      passwordHash: 'x',
    });
    const c = await person({ name: 'Cy 100%_Seller', email: `cy@${suffix}`, roles: ['seller', 'staff'] });
    const page = await listStaff(q({ q: suffix }));
    expect(page).toEqual({
      items: [
        {
          id: c.id,
          name: 'Cy 100%_Seller',
          email: `cy@${suffix}`,
          roles: ['seller', 'staff'],
          permissions: [],
          active: true,
          two_factor: false,
          invited: true,
        },
        {
          id: b.id,
          name: 'Bo Staff',
          email: `bo@${suffix}`,
          roles: ['staff'],
          permissions: ['read:order'],
          active: false,
          two_factor: true,
          invited: false,
        },
        {
          id: a.id,
          name: 'Ann Admin',
          email: `ann@${suffix}`,
          roles: ['owner'],
          permissions: [],
          active: true,
          two_factor: false,
          invited: false,
        },
      ],
      next_cursor: null,
    });
    expect(await listed({ q: suffix, role: 'staff' })).toEqual([`cy@${suffix}`, `bo@${suffix}`]);
    expect(await listed({ q: suffix, role: 'seller' })).toEqual([`cy@${suffix}`]);
    expect(await listed({ q: suffix, role: 'owner' })).toEqual([`ann@${suffix}`]);
    // The search reads the name or the email, case aside; % and _ are themselves.
    expect(await listed({ q: 'BO STAFF' })).toEqual([`bo@${suffix}`]);
    expect(await listed({ q: 'ANN@LIST' })).toEqual([`ann@${suffix}`]);
    expect(await listed({ q: '100%_' })).toEqual([`cy@${suffix}`]);
    expect(await listed({ q: 'Cy 1_0' })).toEqual([]);
    expect(await listed({ q: 'Cy 10%0' })).toEqual([]);
    expect(await listed({ q: 'Ann%Admin' })).toEqual([]);
    expect(await listed({ q: 'Sam Shopper' })).toEqual([]);
    // No search: every role holder of the shop, the shopper never.
    const all = await listed();
    expect(all.slice(0, 3)).toEqual([`cy@${suffix}`, `bo@${suffix}`, `ann@${suffix}`]);
    expect(all).not.toContain(`sam@${suffix}`);
  });

  it('pages by keyset on the id, newest first; a broken cursor is a 422 in words', async () => {
    const suffix = 'pages.test';
    const ids: number[] = [];
    for (const name of ['P1', 'P2', 'P3']) ids.push((await person({ name, email: `${name}@${suffix}`, roles: ['staff'] })).id);
    const first = await listStaff(q({ q: suffix, per_page: 2 }));
    expect(first.items.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_cursor).not.toBeNull();
    const second = await listStaff(q({ q: suffix, per_page: 2, cursor: first.next_cursor }));
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    const exact = await listStaff(q({ q: suffix, per_page: 3 }));
    expect([exact.items.length, exact.next_cursor]).toEqual([3, null]);
    const err = await failure(listStaff(q({ cursor: 'garbage' })));
    expect([err.code, err.message]).toEqual(['VALIDATION', 'This page link is broken. Start from the first page.']);
  });
});

describe('one staff member', () => {
  it('is shown with every field; a shopper or nobody is "not found"', async () => {
    const m = await person({ name: 'Gil Get', email: 'gil@crew.test', roles: ['staff'], permissions: ['read:audit'], passwordHash: 'h' });
    expect(await getStaffMember(m.id)).toEqual({
      id: m.id,
      name: 'Gil Get',
      email: 'gil@crew.test',
      roles: ['staff'],
      permissions: ['read:audit'],
      active: true,
      two_factor: false,
      invited: false,
    });
    const shopper = await person();
    for (const id of [shopper.id, 999_999]) {
      const err = await failure(getStaffMember(id));
      expect([err.code, err.message]).toEqual(['NOT_FOUND', 'The page or item could not be found.']);
    }
  });
});

describe('inviting a staff member', () => {
  it('makes a new account without a password: staff role, the permissions once each, a week-long link mailed word for word', async () => {
    const input = InviteStaffSchema.parse({
      name: 'Ina Vite',
      email: 'Ina.Vite@Crew.test',
      permissions: ['read:order', 'refund:order', 'read:order'],
    });
    const t0 = Date.now();
    let mails: Awaited<ReturnType<typeof mailsTo>> = [];
    const { result: member, audits } = await run(async (access) => {
      const m = await inviteStaff(input, actorOf(ownerUser), access);
      mails = await mailsTo(access.tx, 'ina.vite@crew.test');
      return m;
    });
    const t1 = Date.now();
    expect(member).toEqual({
      id: expect.any(Number),
      name: 'Ina Vite',
      email: 'ina.vite@crew.test',
      roles: ['staff'],
      permissions: ['read:order', 'refund:order'],
      active: true,
      two_factor: false,
      invited: true,
    });
    expect(audits).toEqual([{ entity: 'user', entityId: member.id, before: null, after: member }]);
    expect(await getStaffMember(member.id)).toEqual(member);
    expect(mails).toHaveLength(1);
    const token = /reset-password\?token=([\w-]+)$/.exec(mails[0]!.text)?.[1];
    expect(token).toBeTruthy();
    expect(mails[0]!.subject).toBe('You are invited to the back office of Ohm Outlet');
    expect(mails[0]!.text).toBe(
      [
        'Hello Ina Vite,',
        'Owen Owner invited you to help run Ohm Outlet.',
        'The link works for a week.',
        `Set your password: http://shop.test/reset-password?token=${token}`,
      ].join('\n\n'),
    );
    expect(mails[0]!.html).toContain(`href="http://shop.test/reset-password?token=${token}"`);
    const expires = new Date(mails[0]!.expires_at!).getTime();
    expect(expires).toBeGreaterThanOrEqual(t0 + WEEK_MS - 1000);
    expect(expires).toBeLessThanOrEqual(t1 + WEEK_MS + 1000);
    // The link's token, stored hashed, for a password reset, valid a week.
    const tokens = await getDb().select().from(userTokens).where(eq(userTokens.userId, member.id));
    expect(tokens.map((t) => [t.kind, t.tokenHash, t.usedAt])).toEqual([['reset', linkHash(token!), null]]);
    expect(tokens[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(t0 + WEEK_MS - 1000);
    expect(tokens[0]!.expiresAt.getTime()).toBeLessThanOrEqual(t1 + WEEK_MS + 1000);
  });

  it("gives a shopper's account (found by email, case aside) the staff role and mails a sign-in link, no token", async () => {
    const shopper = await person({ name: 'Sue Shopper', email: 'sue@crew.test', passwordHash: 'hash', phone: '555' });
    const input = InviteStaffSchema.parse({ name: 'Another Name', email: 'SUE@crew.test', permissions: ['read:product'] });
    let mails: Awaited<ReturnType<typeof mailsTo>> = [];
    const { result: member, audits } = await run(async (access) => {
      const m = await inviteStaff(input, actorOf(ownerUser), access);
      mails = await mailsTo(access.tx, 'sue@crew.test');
      return m;
    });
    const after = {
      id: shopper.id,
      name: 'Sue Shopper',
      email: 'sue@crew.test',
      roles: ['staff'],
      permissions: ['read:product'],
      active: true,
      two_factor: false,
      invited: false,
    };
    expect(member).toEqual(after);
    expect(audits).toEqual([{ entity: 'user', entityId: shopper.id, before: { ...after, roles: [], permissions: [] }, after }]);
    expect(await getDb().select().from(userTokens).where(eq(userTokens.userId, shopper.id))).toEqual([]);
    expect(mails.map((m) => [m.subject, m.text, m.expires_at])).toEqual([
      [
        'You are invited to the back office of Ohm Outlet',
        ['Hello Sue Shopper,', 'Owen Owner invited you to help run Ohm Outlet.', 'Sign in: http://shop.test/login?redirect=%2Fadmin'].join(
          '\n\n',
        ),
        null,
      ],
    ]);
  });

  it('a shopper invited before setting a password (social sign-in) gets a link to set one', async () => {
    const shopper = await person({ name: 'Nia Social', email: 'nia@crew.test' });
    const { result } = await run((access) =>
      inviteStaff(InviteStaffSchema.parse({ name: 'N', email: 'nia@crew.test' }), actorOf(ownerUser), access),
    );
    expect(result).toMatchObject({ id: shopper.id, roles: ['staff'], permissions: [], invited: true });
    expect(await getDb().select({ kind: userTokens.kind }).from(userTokens).where(eq(userTokens.userId, shopper.id))).toEqual([
      { kind: 'reset' },
    ]);
  });

  it('refuses someone who already holds a role (409, naming the email field) and changes nothing', async () => {
    for (const roles of [['owner'], ['seller'], ['staff']]) {
      const held = await person({ roles, permissions: ['read:order'] });
      const audits: AuditRecord[] = [];
      const err = await failure(
        getDb().transaction((tx) =>
          inviteStaff(InviteStaffSchema.parse({ name: 'X', email: held.email, permissions: [] }), actorOf(ownerUser), {
            scope: { kind: 'any' },
            tx,
            audit: (r) => void audits.push(r),
          }),
        ),
      );
      expect([err.code, err.message, err.details]).toEqual([
        'CONFLICT',
        'This person already has a back-office role.',
        { fields: { email: 'This person already has a back-office role.' } },
      ]);
      expect(audits).toEqual([]);
      expect((await getDb().select().from(users).where(eq(users.id, held.id)))[0]).toMatchObject({ roles, permissions: ['read:order'] });
    }
  });

  it('grants only what the owner may grant: an unknown or reserved permission is refused by name, nothing is written', async () => {
    for (const [permissions, name] of [
      [['read:order', 'fly:plane', 'manage:staff'], 'fly:plane'],
      [['manage:staff'], 'manage:staff'],
      [['manage:team'], 'manage:team'],
      [['enter:admin'], 'enter:admin'],
      [['use:account'], 'use:account'],
    ] as const) {
      const email = `refused-${name.replace(':', '-')}@crew.test`;
      const err = await failure(
        run((access) => inviteStaff({ name: 'R', email, permissions: [...permissions] }, actorOf(ownerUser), access)),
      );
      const message = `"${name}" is not a permission that can be granted.`;
      expect([err.code, err.message, err.details]).toEqual(['VALIDATION', message, { fields: { permissions: message } }]);
      expect(await getDb().select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });
});

describe('the invitation mail', () => {
  it('for a seller area, and from nobody named (the command line)', async () => {
    await getDb().transaction(async (tx) => {
      await mailInvitation(tx, { name: 'Sel Ler', email: 'sel@crew.test' }, null, actorOf(null), 'seller');
      await mailInvitation(tx, { name: 'Tok En', email: 'tok@crew.test' }, 'abc-DEF_1', { ...actorOf(ownerUser), siteName: 'Watt Works' });
      expect((await mailsTo(tx, 'sel@crew.test')).map((m) => [m.subject, m.text])).toEqual([
        [
          'You are invited to the back office of Ohm Outlet',
          ['Hello Sel Ler,', ' invited you to help run Ohm Outlet.', 'Sign in: http://shop.test/login?redirect=%2Fseller'].join('\n\n'),
        ],
      ]);
      expect((await mailsTo(tx, 'tok@crew.test')).map((m) => [m.subject, m.text])).toEqual([
        [
          'You are invited to the back office of Watt Works',
          [
            'Hello Tok En,',
            'Owen Owner invited you to help run Watt Works.',
            'The link works for a week.',
            'Set your password: http://shop.test/reset-password?token=abc-DEF_1',
          ].join('\n\n'),
        ],
      ]);
    });
  });
});

describe("changing a staff member's permissions", () => {
  it('replaces them (once each), audited before and after', async () => {
    const m = await person({ name: 'Per Mit', roles: ['staff'], permissions: ['read:order'] });
    const { result, audits } = await run((access) =>
      updateStaffPermissions({ id: m.id, permissions: ['read:audit', 'update:order', 'read:audit'] }, actorOf(ownerUser), access),
    );
    expect(result).toMatchObject({ id: m.id, roles: ['staff'], permissions: ['read:audit', 'update:order'] });
    expect(audits).toEqual([
      { entity: 'user', entityId: m.id, before: expect.objectContaining({ permissions: ['read:order'] }), after: result },
    ]);
    expect((await getDb().select().from(users).where(eq(users.id, m.id)))[0]!.permissions).toEqual(['read:audit', 'update:order']);
  });

  it('refuses an unknown permission by name and keeps the old ones', async () => {
    const m = await person({ roles: ['staff'], permissions: ['read:order'] });
    const err = await failure(
      run((access) => updateStaffPermissions({ id: m.id, permissions: ['manage:team'] }, actorOf(ownerUser), access)),
    );
    expect([err.code, err.message]).toEqual(['VALIDATION', '"manage:team" is not a permission that can be granted.']);
    expect((await getDb().select().from(users).where(eq(users.id, m.id)))[0]!.permissions).toEqual(['read:order']);
  });
});

describe('owners, shoppers, sellers and nobody are out of reach of the staff screen', () => {
  it('each change answers "not found" for them and writes nothing', async () => {
    const owner = await person({ roles: ['owner'], permissions: ['read:order'] });
    const both = await person({ roles: ['staff', 'owner'], permissions: ['read:order'] });
    const seller = await person({ roles: ['seller'], permissions: ['read:order'] });
    const shopper = await person({ permissions: ['read:order'] });
    const me = { ...ownerUser, id: -1 };
    for (const id of [owner.id, both.id, seller.id, shopper.id, 999_999]) {
      const calls = [
        (a: Access) => updateStaffPermissions({ id, permissions: [] }, actorOf(me), a),
        (a: Access) => setStaffActive({ id }, false, actorOf(me), a),
        (a: Access) => revokeStaff({ id }, actorOf(me), a),
        (a: Access) => resetStaffTwoFactor({ id }, actorOf(me), a),
      ];
      for (const call of calls) {
        const err = await failure(run(call));
        expect([err.code, err.message]).toEqual(['NOT_FOUND', 'The page or item could not be found.']);
      }
    }
    const rows = await getDb()
      .select({ roles: users.roles, permissions: users.permissions, status: users.status })
      .from(users)
      .where(sql`${users.id} in (${owner.id}, ${both.id}, ${seller.id}, ${shopper.id})`)
      .orderBy(users.id);
    expect(rows).toEqual([
      { roles: ['owner'], permissions: ['read:order'], status: 1 },
      { roles: ['staff', 'owner'], permissions: ['read:order'], status: 1 },
      { roles: ['seller'], permissions: ['read:order'], status: 1 },
      { roles: [], permissions: ['read:order'], status: 1 },
    ]);
  });

  it("one's own account cannot be disabled or revoked (409 in words)", async () => {
    const self = await person({ name: 'Self Staff', roles: ['staff'] });
    const actor = actorOf({ ...ownerUser, id: self.id });
    for (const call of [
      (a: Access) => setStaffActive({ id: self.id }, false, actor, a),
      (a: Access) => revokeStaff({ id: self.id }, actor, a),
    ]) {
      const err = await failure(run(call));
      expect([err.code, err.message]).toEqual(['CONFLICT', 'You cannot do this to your own account.']);
    }
    expect((await getDb().select().from(users).where(eq(users.id, self.id)))[0]).toMatchObject({ roles: ['staff'], status: 1 });
  });
});

describe('disabling and enabling', () => {
  const sessionOf = async (userId: number) => {
    await getDb()
      .insert(sessions)
      .values({ idHash: `s-${userId}-${++n}`, userId, expiresAt: new Date(Date.now() + 3_600_000) });
  };
  const sessionCount = async (userId: number) => (await getDb().select().from(sessions).where(eq(sessions.userId, userId))).length;

  it("disabling ends every session of that member only; enabling keeps the member's sessions; each audited", async () => {
    const m = await person({ name: 'Dis Able', roles: ['staff'], passwordHash: 'h' });
    const other = await person({ roles: ['staff'] });
    await sessionOf(m.id);
    await sessionOf(m.id);
    await sessionOf(other.id);
    const off = await run((access) => setStaffActive({ id: m.id }, false, actorOf(ownerUser), access));
    expect(off.result).toMatchObject({ id: m.id, active: false, invited: false });
    expect(off.audits).toEqual([{ entity: 'user', entityId: m.id, before: expect.objectContaining({ active: true }), after: off.result }]);
    expect((await getDb().select().from(users).where(eq(users.id, m.id)))[0]!.status).toBe(0);
    expect([await sessionCount(m.id), await sessionCount(other.id)]).toEqual([0, 1]);
    await sessionOf(m.id);
    const on = await run((access) => setStaffActive({ id: m.id }, true, actorOf(ownerUser), access));
    expect(on.result).toMatchObject({ id: m.id, active: true });
    expect(on.audits).toEqual([{ entity: 'user', entityId: m.id, before: off.result, after: on.result }]);
    expect((await getDb().select().from(users).where(eq(users.id, m.id)))[0]!.status).toBe(1);
    expect(await sessionCount(m.id)).toBe(1);
  });
});

describe('a change made with nobody signed in (the command line)', () => {
  it("is not taken for a change to one's own account", async () => {
    const m = await person({ roles: ['staff'] });
    const off = await run((access) => setStaffActive({ id: m.id }, false, actorOf(null), access));
    expect(off.result).toMatchObject({ id: m.id, active: false });
    const revoked = await run((access) => revokeStaff({ id: m.id }, actorOf(null), access));
    expect(revoked.result).toMatchObject({ id: m.id, roles: [] });
  });
});

describe('revoking the staff role', () => {
  it('takes the staff role and every permission away, keeps other roles and the account, audited', async () => {
    const m = await person({ name: 'Rev Oke', roles: ['seller', 'staff'], permissions: ['read:order', 'read:audit'] });
    const { result, audits } = await run((access) => revokeStaff({ id: m.id }, actorOf(ownerUser), access));
    expect(result).toEqual({
      id: m.id,
      name: 'Rev Oke',
      email: m.email,
      roles: ['seller'],
      permissions: [],
      active: true,
      two_factor: false,
      invited: true,
    });
    expect(audits).toEqual([
      {
        entity: 'user',
        entityId: m.id,
        before: { ...result, roles: ['seller', 'staff'], permissions: ['read:order', 'read:audit'] },
        after: result,
      },
    ]);
    expect((await getDb().select().from(users).where(eq(users.id, m.id)))[0]).toMatchObject({ roles: ['seller'], permissions: [] });
  });
});

describe("resetting a member's two-factor sign-in", () => {
  it('turns it off (they set it up again), audited before and after', async () => {
    const m = await person({ roles: ['staff'], totpSecret: 'SECRET', totpEnabledAt: new Date('2026-02-02T00:00:00Z') });
    const { result, audits } = await run((access) => resetStaffTwoFactor({ id: m.id }, actorOf(ownerUser), access));
    expect(result).toMatchObject({ id: m.id, two_factor: false });
    expect(audits).toEqual([{ entity: 'user', entityId: m.id, before: { ...result, two_factor: true }, after: result }]);
    expect((await getDb().select().from(users).where(eq(users.id, m.id)))[0]).toMatchObject({ totpSecret: null, totpEnabledAt: null });
  });
});
