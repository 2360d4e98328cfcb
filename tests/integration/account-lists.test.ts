import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { storeFollowers, userVouchers, vouchers } from '@/server/db/schema';
import { listUserVouchers } from '@/server/vouchers/user-vouchers';
import { countFollowers, listFollowedStores, setFollowing } from '@/server/account/following';
import { ALL as followEndpoint } from '@/pages/api/v1/user/store/follow';
import { apiContext, makeStore, makeUser } from './account-fixtures';

useTestDatabase();

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

describe('user vouchers', () => {
  it("lists held vouchers: valid first (soonest ending first), then upcoming, used and expired; never others'", async () => {
    const user = await makeUser('vouchers@example.com');
    const other = await makeUser('vouchers-other@example.com');
    const store = await makeStore('voucher-store');
    const rows = await getDb()
      .insert(vouchers)
      .values([
        { code: 'LATER', title: 'ends later', priceType: 1, amount: 500, minSpend: 2500, startsAt: at(-5), endsAt: at(30) },
        {
          code: 'SOON',
          title: 'ends soon',
          priceType: 2,
          amount: 10,
          minSpend: 0,
          maxDiscount: 2000,
          storeId: store.id,
          startsAt: at(-5),
          endsAt: at(3),
        },
        { code: 'OLD', title: 'expired', priceType: 1, amount: 300, startsAt: at(-50), endsAt: at(-1) },
        { code: 'SPENT', title: 'used', priceType: 1, amount: 300, startsAt: at(-5), endsAt: at(10) },
        { code: 'NEXT', title: 'upcoming', priceType: 1, amount: 300, startsAt: at(2), endsAt: at(10) },
        { code: 'NOTMINE', title: 'other user', priceType: 1, amount: 300, startsAt: at(-5), endsAt: at(10) },
      ])
      .returning();
    const id = (code: string) => rows.find((r) => r.code === code)!.id;
    await getDb()
      .insert(userVouchers)
      .values([
        ...['LATER', 'SOON', 'OLD', 'NEXT'].map((c) => ({ userId: user.id, voucherId: id(c) })),
        { userId: user.id, voucherId: id('SPENT'), usedAt: at(-1) },
        { userId: other.id, voucherId: id('NOTMINE') },
      ]);
    const list = await listUserVouchers(user.id);
    expect(list.map((v) => [v.code, v.state])).toEqual([
      ['SOON', 'valid'],
      ['LATER', 'valid'],
      ['NEXT', 'upcoming'],
      ['SPENT', 'used'],
      ['OLD', 'expired'],
    ]);
    expect(list[0]).toMatchObject({ price_type: 2, amount: 10, max_discount: 2000, store: { slug: 'voucher-store' } });
    expect(list[1]).toMatchObject({ price_type: 1, amount: 500, min_spend: 2500, store: null });
    expect(await listUserVouchers((await makeUser('none@example.com')).id)).toEqual([]);
    const spent = list.find((v) => v.code === 'SPENT')!;
    expect(spent.used_at).toBe(await usedAtOf(user.id, id('SPENT')));
    expect(list.find((v) => v.code === 'SOON')!.used_at).toBeNull();
  });

  it('reads the edges: ending now is expired, starting now is valid, switched off is expired', async () => {
    const user = await makeUser('voucher-edges@example.com');
    const now = new Date();
    const rows = await getDb()
      .insert(vouchers)
      .values([
        { code: 'ENDSNOW', title: 'ends now', priceType: 1, amount: 100, startsAt: at(-5), endsAt: now },
        { code: 'STARTSNOW', title: 'starts now', priceType: 1, amount: 100, startsAt: now, endsAt: at(5) },
        { code: 'SWITCHEDOFF', title: 'off', priceType: 1, amount: 100, startsAt: at(-5), endsAt: at(5), status: 0 },
      ])
      .returning();
    await getDb()
      .insert(userVouchers)
      .values(rows.map((r) => ({ userId: user.id, voucherId: r.id })));
    const states = Object.fromEntries((await listUserVouchers(user.id, now)).map((v) => [v.code, v.state]));
    expect(states).toEqual({ ENDSNOW: 'expired', STARTSNOW: 'valid', SWITCHEDOFF: 'expired' });
  });
});

async function usedAtOf(userId: number, voucherId: number): Promise<string> {
  const [row] = await getDb()
    .select({ usedAt: userVouchers.usedAt })
    .from(userVouchers)
    .where(and(eq(userVouchers.userId, userId), eq(userVouchers.voucherId, voucherId)));
  return row!.usedAt!.toISOString();
}

describe('following stores', () => {
  it('follows and unfollows idempotently; toggles when no direction is given', async () => {
    const user = await makeUser('follow@example.com');
    const a = await makeStore('follow-a');
    const b = await makeStore('follow-b');
    expect(await setFollowing(user.id, a.id, true)).toMatchObject({ following: true, followers: 1 });
    expect(await setFollowing(user.id, a.id, true)).toMatchObject({ following: true, followers: 1 });
    await setFollowing(user.id, b.id);
    expect((await listFollowedStores(user.id)).map((s) => s.slug).sort()).toEqual(['follow-a', 'follow-b']);
    expect(await setFollowing(user.id, b.id)).toMatchObject({ following: false, followers: 0 });
    expect(await setFollowing(user.id, b.id, false)).toMatchObject({ following: false, followers: 0 });
    expect(await listFollowedStores(user.id)).toMatchObject([
      { slug: 'follow-a', name: 'Store follow-a', logo: '/demo/stores/follow-a-logo.svg' },
    ]);
    expect(await countFollowers(a.id)).toBe(1);
    expect(await getDb().select().from(storeFollowers)).toHaveLength(1);
    await expect(setFollowing(user.id, 999_999, true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the API with data {following, followers} and a 422 for a missing store id', async () => {
    const user = await makeUser('follow-api@example.com');
    const store = await makeStore('follow-api');
    const me = { id: user.id, name: user.name, email: user.email };
    const res = await followEndpoint(apiContext({ method: 'POST', url: 'http://x/', user: me, body: { store_id: store.id } }));
    expect(await res.json()).toMatchObject({ status: 200, message: 'You now follow this store', data: { following: true, followers: 1 } });
    const bad = await followEndpoint(apiContext({ method: 'POST', url: 'http://x/', user: me, body: {} }));
    expect(bad.status).toBe(422);
  });
});
