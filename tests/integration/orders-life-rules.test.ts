import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { placeOrder } from '@/server/orders/place';
import { cancelOrder, changeStatus, confirmTransfer, refundOrder } from '@/server/orders/life';
import { settleAfterAnswer } from '@/server/core/background';
import { failure, makeProduct, shopBasics } from './cart-fixtures';
import { makeVoucher, orderBody, putInCart, shopper, stockOf } from './checkout-fixtures';

/**
 * The rules of orders/life.ts that a purchase split over two stores (two orders, one order_no, one payments
 * row) brings, and the exact refusals (issue 21, mutation testing: docs/mutation-testing.md, run L).
 */
useTestDatabase({ demo: true });
afterEach(settleAfterAnswer);

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

const bank = { payment_method: 7, transaction_id: 'TX-9', bank_name: 'B', account_holder: 'H', account_number: '123', branch_name: 'Br' };

/** A purchase of one product from store A and one from store B: two orders sharing an order_no. */
async function twoStores(over: Record<string, unknown> = {}) {
  const u = await shopper();
  const a = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 3000, stock: 5 });
  const b = await makeProduct({ storeId: basics.storeB.id, categoryId: basics.categoryId, selling: 2000, stock: 5 });
  await putInCart(u.id, a.id, 1);
  await putInCart(u.id, b.id, 1);
  const placed = await placeOrder(u, orderBody({ address_id: u.addressId, ...over }));
  expect(placed.orders).toHaveLength(2);
  // `first` is store A's order (product a), `second` store B's (product b).
  const first = placed.orders.find((o) => o.store_id === basics.storeA.id)!.id;
  const second = placed.orders.find((o) => o.store_id === basics.storeB.id)!.id;
  return { u, a, b, orderNo: placed.order_no, first, second };
}

const row = async (id: number) =>
  (
    await queryRows<{ status: string; payment_status: number }>(getDb(), sql`select status, payment_status from orders where id = ${id}`)
  )[0]!;
const paymentOf = async (orderNo: string) =>
  (await queryRows<{ status: string }>(getDb(), sql`select status from payments where order_no = ${orderNo}`))[0]!.status;
const usedCount = async (voucherId: number) =>
  Number((await queryRows<{ n: number }>(getDb(), sql`select used_count as n from vouchers where id = ${voucherId}`))[0]!.n);
const voucherOf = async (id: number) =>
  (await queryRows<{ voucher_id: number | null }>(getDb(), sql`select voucher_id from orders where id = ${id}`))[0]!.voucher_id;
const history = async (id: number) =>
  (
    await queryRows<{ status: string; note: string | null }>(
      getDb(),
      sql`select status, note from order_status_history where order_id = ${id} order by id`,
    )
  ).map((h) => [h.status, h.note]);
const cancellation = async (id: number) =>
  (
    await queryRows<{ user_id: number | null; reason: string; status: string }>(
      getDb(),
      sql`select user_id, reason, status from cancellations where order_id = ${id}`,
    )
  )[0];

describe('a shop-wide voucher over a two-store purchase', () => {
  it('is not given back while the other order lives; the last cancellation gives it back exactly once', async () => {
    const v = await makeVoucher({ usageLimit: 0, amount: 400 });
    const p = await twoStores({ voucher_code: v.code });
    expect(await usedCount(v.id)).toBe(1);
    await cancelOrder(p.u.id, p.first, 'one');
    expect(await usedCount(v.id)).toBe(1);
    await cancelOrder(p.u.id, p.second, 'two');
    expect(await usedCount(v.id)).toBe(0);
  });

  it('a refunded sibling counts as gone: cancelling the other order gives the use back', async () => {
    const v = await makeVoucher({ usageLimit: 0, amount: 400 });
    const p = await twoStores({ voucher_code: v.code });
    for (const to of ['confirmed', 'shipped', 'delivered']) await changeStatus(p.first, to, null);
    await refundOrder(p.first, null);
    expect(await usedCount(v.id)).toBe(1);
    await cancelOrder(p.u.id, p.second, 'two');
    expect(await usedCount(v.id)).toBe(0);
  });

  it('a live sibling without the voucher (a store voucher) does not hold the use back', async () => {
    // Store A's voucher: checkout itself records it on store A's order only.
    const v = await makeVoucher({ usageLimit: 0, amount: 400, storeId: basics.storeA.id });
    const p = await twoStores({ voucher_code: v.code });
    expect([await voucherOf(p.first), await voucherOf(p.second)]).toEqual([v.id, null]);
    await cancelOrder(p.u.id, p.first, 'one');
    expect(await usedCount(v.id)).toBe(0);
    // The order without a voucher gives nothing back.
    await cancelOrder(p.u.id, p.second, 'two');
    expect(await usedCount(v.id)).toBe(0);
  });

  it('an order without a voucher gives nothing back even when its live sibling carries one', async () => {
    const v = await makeVoucher({ usageLimit: 0, amount: 400, usedCount: 3, storeId: basics.storeB.id });
    const p = await twoStores({ voucher_code: v.code });
    expect(await usedCount(v.id)).toBe(4);
    expect([await voucherOf(p.first), await voucherOf(p.second)]).toEqual([null, v.id]);
    await cancelOrder(p.u.id, p.first, 'one');
    expect(await usedCount(v.id)).toBe(4);
  });
});

describe("the purchase's payment row", () => {
  it('an unpaid purchase: stays pending while one order lives, failed when both are cancelled', async () => {
    const p = await twoStores();
    expect(await paymentOf(p.orderNo)).toBe('pending');
    await cancelOrder(p.u.id, p.second, 'two');
    expect(await paymentOf(p.orderNo)).toBe('pending');
    expect(await row(p.first)).toEqual({ status: 'pending', payment_status: 0 });
    await changeStatus(p.first, 'cancelled', null);
    expect(await paymentOf(p.orderNo)).toBe('failed');
  });

  it('a refunded sibling counts as gone: cancelling the other makes the pending row failed', async () => {
    const p = await twoStores();
    for (const to of ['confirmed', 'shipped', 'delivered']) await changeStatus(p.first, to, null);
    // Cash on delivery: the first store's order is paid, the purchase is not yet.
    expect(await row(p.first)).toEqual({ status: 'delivered', payment_status: 1 });
    expect(await paymentOf(p.orderNo)).toBe('pending');
    await refundOrder(p.first, null);
    expect(await paymentOf(p.orderNo)).toBe('pending');
    await cancelOrder(p.u.id, p.second, 'two');
    expect(await paymentOf(p.orderNo)).toBe('failed');
  });

  it('a paid purchase: stays paid through one refund, refunded once every order is refunded', async () => {
    const p = await twoStores(bank);
    await confirmTransfer(p.first);
    expect(await paymentOf(p.orderNo)).toBe('paid');
    await cancelOrder(p.u.id, p.first, 'one');
    expect(await cancellation(p.first)).toMatchObject({ status: 'refund_pending' });
    expect(await paymentOf(p.orderNo)).toBe('paid');
    await refundOrder(p.first, 'Sent back by bank');
    expect(await cancellation(p.first)).toMatchObject({ status: 'refunded' });
    expect(await paymentOf(p.orderNo)).toBe('paid');
    await cancelOrder(p.u.id, p.second, 'two');
    expect(await paymentOf(p.orderNo)).toBe('paid');
    await refundOrder(p.second, null);
    expect(await paymentOf(p.orderNo)).toBe('refunded');
    expect((await history(p.first)).at(-1)).toEqual(['refunded', 'Sent back by bank']);
    expect((await history(p.second)).at(-1)).toEqual(['refunded', 'Refunded']);
  });

  it('cash on delivery: the paid delivered order left alone by a cancelled sibling makes the row paid, in either order', async () => {
    // Delivered first, then the sibling cancelled: nothing is left to pay, the cash was received.
    const p = await twoStores();
    for (const to of ['confirmed', 'shipped', 'delivered']) await changeStatus(p.first, to, null);
    expect(await paymentOf(p.orderNo)).toBe('pending');
    await cancelOrder(p.u.id, p.second, 'two');
    expect(await paymentOf(p.orderNo)).toBe('paid');
    // The other way round gives the same.
    const q = await twoStores();
    await cancelOrder(q.u.id, q.second, 'two');
    expect(await paymentOf(q.orderNo)).toBe('pending');
    for (const to of ['confirmed', 'shipped', 'delivered']) await changeStatus(q.first, to, null);
    expect(await paymentOf(q.orderNo)).toBe('paid');
  });

  it('cash on delivery: the row becomes paid only when the last live order is delivered, noted "Paid on delivery"', async () => {
    const p = await twoStores();
    for (const to of ['confirmed', 'shipped', 'delivered']) await changeStatus(p.first, to, null);
    expect(await paymentOf(p.orderNo)).toBe('pending');
    for (const to of ['confirmed', 'shipped']) await changeStatus(p.second, to, null);
    expect(await paymentOf(p.orderNo)).toBe('pending');
    await changeStatus(p.second, 'delivered', null);
    expect(await paymentOf(p.orderNo)).toBe('paid');
    expect((await history(p.second)).at(-1)).toEqual(['delivered', 'Paid on delivery']);
  });
});

describe('the bank transfer of a two-store purchase', () => {
  it('pays and confirms the live orders only; a cancelled sibling stays cancelled and unpaid', async () => {
    const p = await twoStores(bank);
    await cancelOrder(p.u.id, p.first, 'one');
    const changes = await confirmTransfer(p.second);
    expect(changes.map((c) => [c.order_id, c.from, c.to])).toEqual([[p.second, 'pending', 'confirmed']]);
    expect(await row(p.first)).toEqual({ status: 'cancelled', payment_status: 0 });
    expect(await row(p.second)).toEqual({ status: 'confirmed', payment_status: 1 });
    expect(await history(p.first)).toEqual([
      ['pending', 'Order placed'],
      ['cancelled', 'one'],
    ]);
    expect((await history(p.second)).at(-1)).toEqual(['confirmed', 'Bank transfer received']);
    expect(await paymentOf(p.orderNo)).toBe('paid');
  });

  it('a refunded sibling is left alone', async () => {
    const p = await twoStores(bank);
    // Not reachable through the shop's steps (one transfer pays the whole purchase); written by hand.
    await getDb().execute(sql`update orders set status = 'refunded', payment_status = 1 where id = ${p.first}`);
    const changes = await confirmTransfer(p.second);
    expect(changes.map((c) => c.order_id)).toEqual([p.second]);
    expect(await row(p.first)).toEqual({ status: 'refunded', payment_status: 1 });
    expect(await history(p.first)).toEqual([['pending', 'Order placed']]);
  });

  it('an order already past pending keeps its status and is not reported as changed', async () => {
    const p = await twoStores(bank);
    for (const to of ['confirmed', 'shipped']) await changeStatus(p.second, to, null);
    const changes = await confirmTransfer(p.first);
    expect(changes.map((c) => [c.order_id, c.from, c.to])).toEqual([[p.first, 'pending', 'confirmed']]);
    expect(await row(p.second)).toEqual({ status: 'shipped', payment_status: 1 });
    expect((await history(p.second)).at(-1)).toEqual(['shipped', 'Bank transfer received']);
  });

  it('is refused for a cancelled or a refunded order, with the reason (422, VALIDATION)', async () => {
    const p = await twoStores(bank);
    await cancelOrder(p.u.id, p.first, 'one');
    const e = await failure(confirmTransfer(p.first));
    expect([e.code, e.httpStatus, e.message]).toEqual(['VALIDATION', 422, 'This order is cancelled, so there is no transfer to confirm.']);
    expect(await row(p.second)).toEqual({ status: 'pending', payment_status: 0 });
    expect(await paymentOf(p.orderNo)).toBe('pending');

    const q = await twoStores(bank);
    await confirmTransfer(q.first);
    await cancelOrder(q.u.id, q.first, 'one');
    await refundOrder(q.first, null);
    expect((await failure(confirmTransfer(q.first))).message).toBe('This order is cancelled, so there is no transfer to confirm.');
  });
});

describe('refusals: codes, HTTP statuses and texts', () => {
  it('an unknown order: NOT_FOUND, 404, the sentence', async () => {
    const e = await failure(changeStatus(999_999_999, 'confirmed', null));
    expect([e.code, e.httpStatus, e.message]).toEqual(['NOT_FOUND', 404, 'This order could not be found.']);
  });

  it('a status that is not one: VALIDATION, 422', async () => {
    const p = await twoStores();
    const e = await failure(changeStatus(p.first, 'lost', null));
    expect([e.code, e.httpStatus]).toEqual(['VALIDATION', 422]);
  });

  it('a forbidden step: VALIDATION, 422', async () => {
    const p = await twoStores();
    const e = await failure(changeStatus(p.first, 'delivered', null));
    expect([e.code, e.httpStatus]).toEqual(['VALIDATION', 422]);
    expect(await row(p.first)).toEqual({ status: 'pending', payment_status: 0 });
  });

  it('an order whose stored status the shop does not know: CONFLICT, 409, and nothing changes', async () => {
    const p = await twoStores();
    await getDb().execute(sql`update orders set status = 'lost_in_post' where id = ${p.first}`);
    const e = await failure(changeStatus(p.first, 'cancelled', null));
    expect([e.code, e.httpStatus, e.message]).toEqual(['CONFLICT', 409, 'This order has a status the shop does not know.']);
    expect((await failure(cancelOrder(p.u.id, p.first, 'x'))).code).toBe('CONFLICT');
    expect(await cancellation(p.first)).toBeUndefined();
  });

  it('a cancellation row already written refuses the cancel and leaves the order as it was', async () => {
    const p = await twoStores();
    await getDb().execute(
      sql`insert into cancellations (order_id, user_id, reason, status) values (${p.first}, ${p.u.id}, 'earlier', 'cancelled')`,
    );
    const e = await failure(cancelOrder(p.u.id, p.first, 'again'));
    expect([e.code, e.httpStatus, e.message]).toEqual(['VALIDATION', 422, 'This order is already cancelled.']);
    expect(await row(p.first)).toEqual({ status: 'pending', payment_status: 0 });
    expect(await stockOf(p.a.id)).toBe(4);
  });

  it('a second cancel, by the shopper or the operator, is refused with its own sentence', async () => {
    const p = await twoStores();
    await cancelOrder(p.u.id, p.first, 'one');
    expect((await failure(cancelOrder(p.u.id, p.first, 'again'))).message).toBe('This order is already cancelled.');
    const e = await failure(changeStatus(p.first, 'cancelled', null));
    expect([e.code, e.message]).toEqual(['VALIDATION', 'This order is already Cancelled.']);
  });
});

describe("the operator's cancel (order:status … cancelled)", () => {
  it("goes the shopper's way: cancellation row by nobody, the stock back, the note as reason", async () => {
    const p = await twoStores();
    expect(await stockOf(p.a.id)).toBe(4);
    const change = await changeStatus(p.first, 'cancelled', 'Out of stock at the warehouse');
    expect(change).toMatchObject({ order_id: p.first, from: 'pending', to: 'cancelled' });
    expect(await cancellation(p.first)).toEqual({ user_id: null, reason: 'Out of stock at the warehouse', status: 'cancelled' });
    expect(await stockOf(p.a.id)).toBe(5);
    expect((await history(p.first)).at(-1)).toEqual(['cancelled', 'Out of stock at the warehouse']);
  });

  it('without a note the reason reads "Cancelled by the shop"', async () => {
    const p = await twoStores();
    await changeStatus(p.second, 'cancelled', null);
    expect(await cancellation(p.second)).toEqual({ user_id: null, reason: 'Cancelled by the shop', status: 'cancelled' });
    expect(await stockOf(p.b.id)).toBe(5);
  });
});
