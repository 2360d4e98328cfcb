// The small rules around an order, through their public functions (mutation run J): a voucher's use taken
// at most up to its limit and marked on the shopper's copy, the success/fail page's visited-page record,
// and the idempotency key's claim and remembered answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { userVouchers, vouchers } from '@/server/db/schema';
import { placeOrder } from '@/server/orders/place';
import { useVoucher } from '@/server/orders/voucher-use';
import { getVisit, recordVisit, updateVisit, visitOnce } from '@/server/orders/visits';
import { claimKey, rememberAnswer } from '@/server/orders/idempotency';
import { failure, makeProduct, makeUser, shopBasics } from './cart-fixtures';
import { makeVoucher, orderBody, putInCart, shopper } from './checkout-fixtures';

useTestDatabase({ demo: true });

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

async function usedCount(voucherId: number): Promise<number> {
  const [row] = await getDb().select({ n: vouchers.usedCount }).from(vouchers).where(eq(vouchers.id, voucherId));
  return row!.n;
}

async function usedAt(userId: number, voucherId: number): Promise<Date | null> {
  const [row] = await getDb()
    .select({ at: userVouchers.usedAt })
    .from(userVouchers)
    .where(and(eq(userVouchers.userId, userId), eq(userVouchers.voucherId, voucherId)));
  return row!.at;
}

describe("taking a voucher's use", () => {
  it('counts one use, and marks only this shopper’s collected copy as used', async () => {
    const v = await makeVoucher({ usageLimit: 3, usedCount: 1 });
    const [me, other] = [await makeUser(), await makeUser()];
    await getDb()
      .insert(userVouchers)
      .values([
        { userId: me, voucherId: v.id },
        { userId: other, voucherId: v.id },
      ]);
    await getDb().transaction((tx) => useVoucher(tx, v.id, me));
    expect(await usedCount(v.id)).toBe(2);
    expect(await usedAt(me, v.id)).toBeInstanceOf(Date);
    expect(await usedAt(other, v.id)).toBeNull();
  });

  it('refuses the use past the limit with "This voucher has been used up.", counting nothing', async () => {
    const v = await makeVoucher({ usageLimit: 2, usedCount: 2 });
    const me = await makeUser();
    await getDb().insert(userVouchers).values({ userId: me, voucherId: v.id });
    const err = await failure(getDb().transaction((tx) => useVoucher(tx, v.id, me)));
    expect(err.code).toBe('ALREADY_USED');
    expect(err.httpStatus).toBe(409);
    expect(err.message).toBe('This voucher has been used up.');
    expect(await usedCount(v.id)).toBe(2);
    expect(await usedAt(me, v.id)).toBeNull();
  });

  it('takes the last use, then refuses the next', async () => {
    const v = await makeVoucher({ usageLimit: 1, usedCount: 0 });
    const me = await makeUser();
    await getDb().transaction((tx) => useVoucher(tx, v.id, me));
    expect((await failure(getDb().transaction((tx) => useVoucher(tx, v.id, me)))).message).toBe('This voucher has been used up.');
    expect(await usedCount(v.id)).toBe(1);
  });

  it('never runs out with a limit of 0', async () => {
    const v = await makeVoucher({ usageLimit: 0, usedCount: 41 });
    const me = await makeUser();
    for (let i = 0; i < 2; i++) await getDb().transaction((tx) => useVoucher(tx, v.id, me));
    expect(await usedCount(v.id)).toBe(43);
  });
});

describe("the success and fail pages' visited-page record", () => {
  async function anOrder() {
    const u = await shopper();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, stock: 5 });
    await putInCart(u.id, p.id, 1);
    return { user: u, orderId: (await placeOrder(u, orderBody({ address_id: u.addressId }))).order_id };
  }

  it('is 0 before a visit, 1 after the first, kept by a second, set by PUT; success and fail apart', async () => {
    const { user, orderId } = await anOrder();
    expect(await getVisit(user.id, orderId, 'success')).toEqual({ link: 'success', order_id: orderId, visit_count: 0 });
    expect(await recordVisit(user.id, orderId, 'success')).toEqual({ link: 'success', order_id: orderId, visit_count: 1 });
    expect(await recordVisit(user.id, orderId, 'success')).toEqual({ link: 'success', order_id: orderId, visit_count: 1 });
    expect(await updateVisit(user.id, orderId, 'success', 3)).toEqual({ link: 'success', order_id: orderId, visit_count: 3 });
    expect(await getVisit(user.id, orderId, 'success')).toEqual({ link: 'success', order_id: orderId, visit_count: 3 });
    expect(await updateVisit(user.id, orderId, 'fail', 2)).toEqual({ link: 'fail', order_id: orderId, visit_count: 2 });
    expect(await getVisit(user.id, orderId, 'fail')).toEqual({ link: 'fail', order_id: orderId, visit_count: 2 });
    expect((await getVisit(user.id, orderId, 'success')).visit_count).toBe(3);
    expect(await visitOnce(user.id, orderId, 'success')).toBe('home');
  });

  it("is another shopper's order: 404 'The order could not be found.', and nothing is written", async () => {
    const { user, orderId } = await anOrder();
    const stranger = await shopper();
    // One at a time: a promise made before its turn would reject with nobody awaiting it yet.
    for (const attempt of [
      () => getVisit(stranger.id, orderId, 'success'),
      () => recordVisit(stranger.id, orderId, 'success'),
      () => updateVisit(stranger.id, orderId, 'success', 5),
      () => visitOnce(stranger.id, orderId, 'success'),
    ]) {
      const err = await failure(attempt());
      expect(err.httpStatus).toBe(404);
      expect(err.message).toBe('The order could not be found.');
    }
    expect((await getVisit(user.id, orderId, 'success')).visit_count).toBe(0);
  });
});

describe('an idempotency key', () => {
  it('is claimed once per shopper; a later submit gets no answer until one is remembered, then that answer', async () => {
    const [me, other] = [await makeUser(), await makeUser()];
    const key = `key-${Date.now().toString(36)}`;
    expect(await getDb().transaction((tx) => claimKey(tx, me, key))).toBeNull();
    expect(await getDb().transaction((tx) => claimKey(tx, me, key))).toEqual({ response: null });
    expect(await getDb().transaction((tx) => claimKey(tx, other, key))).toBeNull();
    const answer = { order_id: 7, order_no: 'VM-1', total: 1999 };
    await getDb().transaction((tx) => rememberAnswer(tx, me, key, 'VM-1', answer));
    expect(await getDb().transaction((tx) => claimKey(tx, me, key))).toEqual({ response: answer });
    expect(await getDb().transaction((tx) => claimKey(tx, other, key))).toEqual({ response: null });
    const [row] = await queryRows<{ order_no: string }>(
      getDb(),
      sql`select order_no from idempotency_keys where user_id = ${me} and key = ${key}`,
    );
    expect(row).toMatchObject({ order_no: 'VM-1' });
  });
});
