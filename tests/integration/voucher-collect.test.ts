import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { userVouchers, vouchers } from '@/server/db/schema';
import { collectedVoucherIds, collectVoucher } from '@/server/vouchers/collect';
import { listUserVouchers } from '@/server/vouchers/user-vouchers';
import { makeUser } from './account-fixtures';

useTestDatabase();

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

/** The messages people read, verbatim. */
const EXPIRED = 'This voucher has expired, so it can no longer be collected.';
const USED_UP = 'This voucher has been used up, so it can no longer be collected.';

let batch = 0;
/** Four vouchers in the states that matter; codes are unique per call. */
async function makeVouchers() {
  const n = ++batch;
  const rows = await getDb()
    .insert(vouchers)
    .values(
      [
        { code: 'RUNNING', title: 'running', priceType: 1, amount: 500, startsAt: at(-5), endsAt: at(30) },
        { code: 'EXPIRED', title: 'expired', priceType: 1, amount: 500, startsAt: at(-50), endsAt: at(-1) },
        { code: 'OFF', title: 'switched off', priceType: 1, amount: 500, startsAt: at(-5), endsAt: at(30), status: 0 },
        { code: 'USEDUP', title: 'used up', priceType: 2, amount: 10, startsAt: at(-5), endsAt: at(30), usageLimit: 3, usedCount: 3 },
      ].map((v) => ({ ...v, code: `${v.code}${n}` })),
    )
    .returning();
  return rows.map((r) => ({ ...r, code: r.code.replace(/\d+$/, '') }));
}

describe('collecting vouchers', () => {
  it("collects a running voucher into the user's vouchers; a second collect is fine and adds nothing", async () => {
    const user = await makeUser('collect@example.com');
    const rows = await makeVouchers();
    const running = rows.find((r) => r.code === 'RUNNING')!;
    expect(await collectVoucher(user.id, running.id)).toEqual({ voucher_id: running.id, code: `RUNNING${batch}`, already: false });
    expect(await collectVoucher(user.id, running.id)).toMatchObject({ voucher_id: running.id, already: true });
    expect((await listUserVouchers(user.id)).map((v) => [v.id, v.state])).toEqual([[running.id, 'valid']]);
    expect(
      await collectedVoucherIds(
        user.id,
        rows.map((r) => r.id),
      ),
    ).toEqual(new Set([running.id]));
    expect(await collectedVoucherIds(null, [running.id])).toEqual(new Set());
  });

  it('refuses expired, switched-off and used-up vouchers with the reason, and unknown ones as not found', async () => {
    const user = await makeUser('collect-refused@example.com');
    const rows = await makeVouchers();
    const id = (code: string) => rows.find((r) => r.code === code)!.id;
    await expect(collectVoucher(user.id, id('EXPIRED'))).rejects.toMatchObject({ code: 'CONFLICT', form: [EXPIRED] });
    await expect(collectVoucher(user.id, id('OFF'))).rejects.toMatchObject({ code: 'CONFLICT', form: [EXPIRED] });
    await expect(collectVoucher(user.id, id('USEDUP'))).rejects.toMatchObject({ code: 'ALREADY_USED', form: [USED_UP] });
    await expect(collectVoucher(user.id, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND', form: ['This voucher could not be found.'] });
    expect(await getDb().$count(userVouchers, eq(userVouchers.userId, user.id))).toBe(0);
  });

  it('ten collects at once leave one row', async () => {
    const user = await makeUser('collect-race@example.com');
    const [running] = await makeVouchers();
    const results = await Promise.all(Array.from({ length: 10 }, () => collectVoucher(user.id, running!.id)));
    expect(results.filter((r) => !r.already)).toHaveLength(1);
    expect(await getDb().$count(userVouchers, eq(userVouchers.userId, user.id))).toBe(1);
  });

  it('reads the edges: ending now is expired; no usage limit is no limit; one already held stays held when it ends', async () => {
    const user = await makeUser('collect-edges@example.com');
    const now = new Date();
    const [endsNow, unlimited, oneLeft] = await getDb()
      .insert(vouchers)
      .values([
        { code: `ENDSNOW${++batch}`, title: 'ends now', priceType: 1, amount: 100, startsAt: at(-5), endsAt: now },
        {
          code: `UNLIMITED${batch}`,
          title: 'no limit',
          priceType: 1,
          amount: 100,
          startsAt: at(-5),
          endsAt: at(5),
          usageLimit: 0,
          usedCount: 7,
        },
        {
          code: `ONELEFT${batch}`,
          title: 'one use left',
          priceType: 1,
          amount: 100,
          startsAt: at(-5),
          endsAt: at(5),
          usageLimit: 3,
          usedCount: 2,
        },
      ])
      .returning();
    await expect(collectVoucher(user.id, endsNow!.id, now)).rejects.toMatchObject({ code: 'CONFLICT', form: [EXPIRED] });
    expect(await collectVoucher(user.id, unlimited!.id, now)).toMatchObject({ already: false });
    expect(await collectVoucher(user.id, oneLeft!.id, now)).toMatchObject({ already: false });
    // Held before it ended: collecting again is no error for the person.
    await getDb().insert(userVouchers).values({ userId: user.id, voucherId: endsNow!.id });
    expect(await collectVoucher(user.id, endsNow!.id, now)).toMatchObject({ voucher_id: endsNow!.id, already: true });
  });
});
