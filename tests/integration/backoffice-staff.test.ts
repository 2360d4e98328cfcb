import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { auditLog, sessions, userTokens } from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import { lastMailTo } from '@/server/mail/outbox';
import { sessionUserOf, BACK_OFFICE_IDLE_MS } from '@/server/auth/sessions';
import { changeRole } from '@/server/staff/roles';
import { useScratchOutbox } from './auth-helpers';
import { account, api, auditSince, lastAuditId, page, signIn, userRow, type Account } from './backoffice-fixtures';
import { SESSION_COOKIE } from '@/server/auth/sessions';

/** Staff management, the audit log it writes, two-factor sign-in and the back office's session rules (issue 29). */
useTestDatabase({ demo: true });
const outbox = useScratchOutbox();

let owner: Account;
beforeAll(async () => {
  owner = await account(['owner']);
});

const body = async (res: Response) => (await res.json()) as { status: number; message: string; data: Record<string, unknown> };

describe('staff and the audit log', () => {
  it('invites a staff member: one audit entry with the account after, an invitation mail with a link to set a password', async () => {
    const before = await lastAuditId();
    const res = await api('/api/v1/admin/staff', owner, {
      body: { name: 'Ina Vite', email: 'Ina.Vite@example.com', permissions: ['read:order', 'refund:order'] },
    });
    expect(res.status).toBe(200);
    const member = (await body(res)).data as { id: number; roles: string[]; permissions: string[]; invited: boolean };
    expect(member).toMatchObject({ roles: ['staff'], permissions: ['read:order', 'refund:order'], invited: true });
    const entries = await auditSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'staff.invite',
      entity: 'user',
      entityId: String(member.id),
      actorId: owner.id,
      role: 'owner',
      before: null,
    });
    expect(entries[0]!.after).toMatchObject({ email: 'ina.vite@example.com', permissions: ['read:order', 'refund:order'] });
    await settleAfterAnswer();
    const mail = await lastMailTo(outbox, 'ina.vite@example.com');
    expect(mail?.text).toMatch(/\/reset-password\?token=[\w-]+/);
    const tokens = await getDb().select().from(userTokens).where(eq(userTokens.userId, member.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
  });

  it('a refused action writes no audit entry and changes nothing', async () => {
    const before = await lastAuditId();
    const bad = await api('/api/v1/admin/staff', owner, {
      body: { name: 'X', email: 'x-perm@example.com', permissions: ['manage:staff'] },
    });
    expect(bad.status).toBe(422);
    expect((await body(bad)).message).toBe('"manage:staff" is not a permission that can be granted.');
    const twice = await api('/api/v1/admin/staff', owner, { body: { name: 'Owner again', email: owner.email, permissions: [] } });
    expect(twice.status).toBe(409);
    expect(await auditSince(before)).toHaveLength(0);
    const { users } = await import('@/server/db/schema');
    expect(await getDb().select().from(users).where(eq(users.email, 'x-perm@example.com'))).toHaveLength(0);
  });

  it('grants, disables, enables, resets two-factor and revokes: each one audit entry with before and after; the member’s next request follows', async () => {
    const member = await account(['staff'], ['read:order']);
    const before = await lastAuditId();
    expect((await api('/api/v1/admin', member)).status).toBe(200);
    expect((await api('/api/v1/admin/audit', member)).status).toBe(403);
    expect((await api(`/api/v1/admin/staff/${member.id}`, owner, { body: { permissions: ['read:order', 'read:audit'] } })).status).toBe(
      200,
    );
    // The member's very next request is judged with the new permissions (the session memory was told).
    expect((await api('/api/v1/admin/audit', member)).status).toBe(200);
    expect((await api(`/api/v1/admin/staff/${member.id}/disable`, owner, { body: {} })).status).toBe(200);
    expect((await api('/api/v1/admin', member)).status).toBe(401);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect((await api(`/api/v1/admin/staff/${member.id}/enable`, owner, { body: {} })).status).toBe(200);
    expect((await api(`/api/v1/admin/staff/${member.id}/two-factor-reset`, owner, { body: {} })).status).toBe(200);
    expect((await api(`/api/v1/admin/staff/${member.id}/revoke`, owner, { body: {} })).status).toBe(200);
    const again = { ...member, cookie: await signIn(member.id) };
    expect((await api('/api/v1/admin', again)).status).toBe(403);
    const entries = await auditSince(before);
    expect(entries.map((e) => e.action)).toEqual([
      'staff.permissions',
      'staff.disable',
      'staff.enable',
      'staff.reset-two-factor',
      'staff.revoke',
    ]);
    expect(entries.every((e) => e.entityId === String(member.id) && e.actorId === owner.id)).toBe(true);
    expect(entries[0]).toMatchObject({ before: { permissions: ['read:order'] }, after: { permissions: ['read:order', 'read:audit'] } });
    expect(entries[1]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(entries[4]).toMatchObject({ before: { roles: ['staff'] }, after: { roles: [] } });
    expect((await userRow(member.id)).roles).toEqual([]);
  });

  it('owners and one’s own account are not changed from the staff screen (404 / 409)', async () => {
    const other = await account(['owner']);
    expect((await api(`/api/v1/admin/staff/${other.id}/disable`, owner, { body: {} })).status).toBe(404);
    expect((await api(`/api/v1/admin/staff/${owner.id}/revoke`, owner, { body: {} })).status).toBe(409);
  });

  it('the audit log lists, filters and pages by keyset; its CSV has the same rows', async () => {
    const member = await account(['staff'], []);
    for (const perms of [['read:order'], ['read:audit'], ['read:order', 'read:audit']])
      await api(`/api/v1/admin/staff/${member.id}`, owner, { body: { permissions: perms } });
    const first = await body(await api(`/api/v1/admin/audit?entity=user&entity_id=${member.id}&per_page=2`, owner));
    const items = first.data.items as { id: number; action: string }[];
    expect(items).toHaveLength(2);
    expect(items[0]!.id).toBeGreaterThan(items[1]!.id);
    const second = await body(
      await api(`/api/v1/admin/audit?entity=user&entity_id=${member.id}&per_page=2&cursor=${first.data.next_cursor}`, owner),
    );
    expect((second.data.items as unknown[]).length).toBe(1);
    expect(second.data.next_cursor).toBeNull();
    const wrong = await api('/api/v1/admin/audit?per_page=500', owner);
    expect(wrong.status).toBe(422);
    expect((await body(wrong)).message).toBe('Rows per page must be between 1 and 100');
    expect((await api('/api/v1/admin/audit?cursor=garbage', owner)).status).toBe(422);
  });

  it('the audit log cannot be edited or deleted, even in SQL', async () => {
    await api('/api/v1/admin/staff/two-factor-rule', owner, { body: { require_two_factor: false } });
    const [row] = await getDb().select({ id: auditLog.id }).from(auditLog).limit(1);
    await expect(getDb().update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(getDb().delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
  });

  it('never stores a secret: keys that name passwords, tokens and codes are hidden', async () => {
    const { withoutSecrets } = await import('@/server/core/audit');
    expect(withoutSecrets({ name: 'A', password: 'p', nested: { totp_secret: 's', code: '123456' }, list: [{ token: 't' }] })).toEqual({
      name: 'A',
      password: '[hidden]',
      nested: { totp_secret: '[hidden]', code: '[hidden]' },
      list: [{ token: '[hidden]' }],
    });
  });
});

describe('sign-in security of back-office accounts', () => {
  it('two-factor: set up with a code, then a new session must pass it (or a recovery code, once) before the back office opens', async () => {
    const member = await account(['staff'], ['read:audit']);
    const started = await body(await api('/api/v1/user/two-factor/start', member, { body: {} }));
    const secret = started.data.secret as string;
    expect(started.data.uri).toMatch(/^otpauth:\/\/totp\//);
    const wrong = await api('/api/v1/user/two-factor/confirm', member, { body: { code: '000000' } });
    expect(wrong.status).toBe(422);
    const on = await body(await api('/api/v1/user/two-factor/confirm', member, { body: { code: await generate({ secret }) } }));
    const codes = on.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    // This session passed while setting up; a new sign-in has not.
    expect((await api('/api/v1/admin', member)).status).toBe(200);
    const later = { ...member, cookie: await signIn(member.id) };
    const refused = await api('/api/v1/admin', later);
    expect(refused.status).toBe(401);
    expect((await body(refused)).message).toBe('Enter your two-factor code first.');
    const redirect = await page('/admin/audit', later);
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe(`/admin/two-factor?redirect=${encodeURIComponent('/admin/audit')}`);
    expect((await page('/admin/two-factor', later)).status).toBe(200);
    const passed = await api('/api/v1/user/two-factor/verify', later, { body: { code: codes[0] } });
    expect((await body(passed)).message).toBe('Signed in with a recovery code. It cannot be used again.');
    expect((await api('/api/v1/admin', later)).status).toBe(200);
    const third = { ...member, cookie: await signIn(member.id) };
    expect((await api('/api/v1/user/two-factor/verify', third, { body: { code: codes[0] } })).status).toBe(422);
    expect((await api('/api/v1/user/two-factor/verify', third, { body: { code: await generate({ secret }) } })).status).toBe(200);
    const actions = (await getDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, member.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(['account.two-factor-on', 'auth.two-factor', 'auth.two-factor']);
  });

  it('wrong two-factor codes are limited to 5 in 15 minutes per account', async () => {
    const member = await account(['staff']);
    const { secret } = (await body(await api('/api/v1/user/two-factor/start', member, { body: {} }))).data as { secret: string };
    await api('/api/v1/user/two-factor/confirm', member, { body: { code: await generate({ secret }) } });
    const later = { ...member, cookie: await signIn(member.id) };
    for (let i = 0; i < 5; i++) expect((await api('/api/v1/user/two-factor/verify', later, { body: { code: '000000' } })).status).toBe(422);
    const blocked = await api('/api/v1/user/two-factor/verify', later, { body: { code: await generate({ secret }) } });
    expect(blocked.status).toBe(429);
  });

  it('the owner’s rule: staff without two-factor are sent to set it up; owners are not held back', async () => {
    expect((await api('/api/v1/admin/staff/two-factor-rule', owner, { body: { require_two_factor: true } })).status).toBe(200);
    try {
      const member = await account(['staff']);
      const res = await page('/admin', member);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/two-factor?redirect=%2Fadmin');
      expect((await page('/admin', owner)).status).toBe(200);
      const seller = await account(['seller'], [], []);
      expect((await page('/seller', seller)).status).toBe(303);
    } finally {
      await api('/api/v1/admin/staff/two-factor-rule', owner, { body: { require_two_factor: false } });
    }
  });

  it('a back-office session left idle for 12 hours is over; a shopper’s is not', async () => {
    const member = await account(['staff']);
    const shopper = await account([]);
    const long = new Date(Date.now() - BACK_OFFICE_IDLE_MS - 60_000);
    await getDb()
      .update(sessions)
      .set({ lastSeenAt: long })
      .where(sql`${sessions.userId} in (${member.id}, ${shopper.id})`);
    const token = (cookie: string) => cookie.slice(SESSION_COOKIE.length + 1);
    expect(await sessionUserOf(token(member.cookie), Date.now() + 10_000)).toBeNull();
    expect(await sessionUserOf(token(shopper.cookie), Date.now() + 10_000)).not.toBeNull();
    expect((await api('/api/v1/admin', member)).status).toBe(401);
  });

  it('sign-ins of back-office accounts are audited; a shopper’s are not', async () => {
    const { signIn: checkPassword } = await import('@/server/auth/auth');
    const { hashPassword } = await import('@/server/auth/passwords');
    const { users } = await import('@/server/db/schema');
    const member = await account(['staff']);
    const shopper = await account([]);
    const hash = await hashPassword('a-long-password');
    await getDb()
      .update(users)
      .set({ passwordHash: hash })
      .where(sql`${users.id} in (${member.id}, ${shopper.id})`);
    const before = await lastAuditId();
    const ctx = {
      ip: '203.0.113.9',
      userAgent: 'test',
      guestToken: null,
      sessionHash: null,
      lang: 'en',
      origin: 'http://shop.test',
      siteName: 'Voltmart',
    };
    await checkPassword({ email: member.email, password: 'a-long-password' }, ctx);
    await checkPassword({ email: shopper.email, password: 'a-long-password' }, ctx);
    const entries = await auditSince(before);
    expect(entries.map((e) => [e.action, e.actorId, e.ip])).toEqual([['auth.sign-in', member.id, '203.0.113.9']]);
  });

  it('npm run shop -- user:role: grants, scopes a seller to a store, revokes; counts from the next request', async () => {
    const shopper = await account([]);
    expect((await api('/api/v1/admin', shopper)).status).toBe(403);
    await changeRole({ email: shopper.email, role: 'staff', grant: ['read:audit'] });
    expect((await api('/api/v1/admin/audit', shopper)).status).toBe(200);
    await expect(changeRole({ email: shopper.email, role: 'staff', grant: ['manage:staff'] })).rejects.toThrow(/cannot be granted/);
    await expect(changeRole({ email: shopper.email, role: 'seller' })).rejects.toThrow(/--store/);
    await expect(changeRole({ email: 'nobody@example.com', role: 'owner' })).rejects.toThrow(/No account/);
    await changeRole({ email: shopper.email, role: 'staff', revoke: true });
    expect((await api('/api/v1/admin', shopper)).status).toBe(403);
    const [entry] = (await auditSince(0)).filter((e) => e.entityId === String(shopper.id) && e.action === 'cli.role-revoke');
    expect(entry).toMatchObject({ actorId: null, before: { roles: ['staff'] }, after: { roles: [] } });
  });
});
