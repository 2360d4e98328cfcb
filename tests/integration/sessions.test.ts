import { describe, expect, it } from 'vitest';
import type { AstroCookies } from 'astro';
import { useTestDatabase } from '../setup/db';
import { users } from '@/server/db/schema';
import { getDb } from '@/server/db/client';
import { createSession, deleteSession, SESSION_COOKIE } from '@/server/auth/sessions';
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
});
