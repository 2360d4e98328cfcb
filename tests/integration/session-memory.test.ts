import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestDatabase } from '../setup/db';
import { sessions, users } from '@/server/db/schema';
import { getDb, openDatabase } from '@/server/db/client';
import { createSession, deleteSession, forgetSessions, hashToken, SESSION_MEMO_MS, sessionUserOf } from '@/server/auth/sessions';
import { memoFor } from '@/server/core/memo';
import { invalidationState, listenForChanges } from '@/server/core/invalidation';
import { updateProfile } from '@/server/account/profile';
import { changePassword } from '@/server/account/account';
import { hashPassword } from '@/server/auth/passwords';

/**
 * The per-process memory of signed-in sessions (decision 0024): a request's session is read once per
 * few seconds, but whatever ends a session or changes its user is seen at once, here and (PostgreSQL)
 * in every other process; a change nobody announces shows within SESSION_MEMO_MS.
 */
const shop = useTestDatabase();

let n = 0;
async function shopper(password?: string) {
  const [row] = await getDb()
    .insert(users)
    .values({
      name: `Mia Memory ${++n}`,
      email: `mia${n}.${Date.now()}@example.com`,
      status: 1,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning();
  const { token } = await createSession(row!.id);
  return { user: row!, token };
}
/** A change nobody announces, as plain SQL would make it. */
const renameQuietly = (id: number, name: string) => getDb().update(users).set({ name }).where(eq(users.id, id));

describe(`the session memory (${TEST_DB})`, () => {
  it('reads a session once, then from memory until SESSION_MEMO_MS has passed', async () => {
    const { user, token } = await shopper();
    const now = Date.now();
    expect(await sessionUserOf(token, now)).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      roles: [],
      permissions: [],
      twoFactor: false,
      sessionHash: hashToken(token),
      twoFactorAt: null,
    });
    await renameQuietly(user.id, 'Renamed In SQL');
    expect((await sessionUserOf(token, now + 1))?.name).toBe(user.name);
    expect((await sessionUserOf(token, now + SESSION_MEMO_MS - 1))?.name).toBe(user.name);
    expect((await sessionUserOf(token, now + SESSION_MEMO_MS))?.name).toBe('Renamed In SQL');
  });

  it('never serves a session past its expiry, nor an unknown or too long token', async () => {
    const { token } = await shopper();
    const [row] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(token)));
    const expires = row!.expiresAt.getTime();
    expect(await sessionUserOf(token, expires - 2)).not.toBeNull();
    expect(await sessionUserOf(token, expires)).toBeNull();
    expect(await sessionUserOf(`${token}x`)).toBeNull();
    expect(await sessionUserOf('x'.repeat(201))).toBeNull();
    expect(await sessionUserOf('')).toBeNull();
  });

  it('forgets a signed-out session at once', async () => {
    const { token } = await shopper();
    expect(await sessionUserOf(token)).not.toBeNull();
    await deleteSession(hashToken(token));
    expect(await sessionUserOf(token)).toBeNull();
  });

  it('shows a new name and ends the other sessions of a changed password at once', async () => {
    const { user, token } = await shopper('old-password-1');
    const other = await createSession(user.id);
    expect((await sessionUserOf(token))?.name).toBe(user.name);
    expect(await sessionUserOf(other.token)).not.toBeNull();
    await updateProfile(user.id, { name: 'Mia New Name', phone: null });
    expect((await sessionUserOf(token))?.name).toBe('Mia New Name');
    await changePassword(
      user.id,
      { current_password: 'old-password-1', password: 'new-password-2', password_confirmation: 'new-password-2' },
      hashToken(token),
    );
    expect(await sessionUserOf(other.token)).toBeNull();
    expect(await sessionUserOf(token)).not.toBeNull();
  });

  it('does not keep a read that was under way when the memory was emptied', async () => {
    const { user, token } = await shopper();
    const reading = sessionUserOf(token);
    await forgetSessions();
    expect((await reading)?.name).toBe(user.name);
    await renameQuietly(user.id, 'After The Forget');
    expect((await sessionUserOf(token))?.name).toBe('After The Forget');
  });

  if (TEST_DB === 'postgres')
    it("another process's sign-out reaches this one through NOTIFY, and empties only the sessions", async () => {
      const { url } = shop.current();
      let loads = 0;
      const memo = memoFor(60_000, async () => ++loads);
      const listener = await openDatabase({ url, pool: 2 });
      const unlisten = await listenForChanges(listener);
      await expect.poll(() => invalidationState().shared).toBe('listening');
      const { user, token } = await shopper();
      expect((await sessionUserOf(token))?.name).toBe(user.name);
      const cached = await memo.get();
      await renameQuietly(user.id, 'Heard Through Notify');
      const heard = invalidationState().received;
      const sender = await openDatabase({ url, pool: 1 });
      await sender.notify!('voltmart_caches', 'only:sessions');
      await expect.poll(() => invalidationState().received, { timeout: 30_000 }).toBeGreaterThan(heard);
      expect((await sessionUserOf(token))?.name).toBe('Heard Through Notify');
      expect(await memo.get()).toBe(cached);
      await unlisten();
      await sender.close();
      await listener.close();
    });
});
