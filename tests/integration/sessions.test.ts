import { describe, expect, it } from 'vitest';
import type { AstroCookies } from 'astro';
import { useTestDatabase } from '../setup/db';
import { users } from '@/server/db/schema';
import { sql } from 'drizzle-orm';
import { getDatabase, getDb, queryRows } from '@/server/db/client';
import { createSession, deleteSession, findSessionUser, SESSION_COOKIE } from '@/server/auth/sessions';
import { GUEST_COOKIE, resolveIdentity } from '@/server/web/identity';

useTestDatabase();

const cookieJar = (values: Record<string, string>) =>
  ({ get: (name: string) => (name in values ? { value: values[name] } : undefined) }) as unknown as AstroCookies;
const request = (headers: Record<string, string> = {}) => new Request('http://shop.test/', { headers });

describe('sessions and identity', () => {
  it('knows a user by session cookie or Bearer token, and forgets them when the session ends', async () => {
    const [user] = await getDb().insert(users).values({ name: 'Ada Lovelace', email: 'ada@example.com' }).returning();
    const { token } = await createSession(user!.id);

    const byCookie = await resolveIdentity(request(), cookieJar({ [SESSION_COOKIE]: token }));
    expect(byCookie.user).toEqual({
      id: user!.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      roles: [],
      permissions: [],
      twoFactor: false,
    });
    const byBearer = await resolveIdentity(request({ authorization: `Bearer ${token}` }), cookieJar({}));
    expect(byBearer.user?.id).toBe(user!.id);

    await deleteSession(byCookie.sessionHash!);
    expect((await resolveIdentity(request(), cookieJar({ [SESSION_COOKIE]: token }))).user).toBeNull();
  });

  it('treats an unknown Bearer token or the guest cookie as a guest token, and rejects junk', async () => {
    const guest = 'a1b2c3d4e5f6a7b8c9d0e1f2';
    expect(await resolveIdentity(request({ authorization: `Bearer ${guest}` }), cookieJar({}))).toMatchObject({
      user: null,
      guestToken: guest,
    });
    expect((await resolveIdentity(request(), cookieJar({ [GUEST_COOKIE]: guest }))).guestToken).toBe(guest);
    expect((await resolveIdentity(request({ authorization: 'Bearer <script>' }), cookieJar({}))).guestToken).toBeNull();
  });

  it('looks tokens up with one statement planned once on the embedded database, and reads its dates as dates', async () => {
    const [user] = await getDb().insert(users).values({ name: 'Grace Hopper', email: 'grace@example.com' }).returning();
    const { token, expiresAt } = await createSession(user!.id);
    for (const unknown of ['a1b2c3d4e5f6a7b8c9d0e1f2', 'b1b2c3d4e5f6a7b8c9d0e1f2']) expect(await findSessionUser(unknown)).toBeNull();
    const found = await findSessionUser(token);
    expect(found).toMatchObject({ id: user!.id, name: 'Grace Hopper', roles: [], permissions: [], twoFactor: false, twoFactorAt: null });
    await getDb().execute(sql`update sessions set two_factor_at = ${expiresAt.toISOString()}::timestamptz`);
    expect((await findSessionUser(token))?.twoFactorAt).toBe(expiresAt.getTime());
    // PostgreSQL's driver (postgres.js) prepares every statement itself, on whichever pooled connection ran it.
    if (getDatabase()!.kind !== 'pglite') return;
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%from sessions s join users u%'`,
    );
    expect(Number(row!.n)).toBe(1);
  });
});
