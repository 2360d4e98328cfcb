import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { userVouchers } from '@/server/db/schema';
import { placeOrder } from '@/server/orders/place';
import { cancelOrder, changeStatus, confirmTransfer, refundOrder } from '@/server/orders/life';
import { orderOfUser, ordersOfUser, findCancellation } from '@/server/orders/by-user';
import { voucherValidity } from '@/server/checkout/preview';
import { queueStatusMails, statusMail } from '@/server/orders/status-email';
import { readOutbox } from '@/server/mail/outbox';
import { settleAfterAnswer } from '@/server/core/background';
import { useScratchOutbox } from './auth-helpers';
import { failure, makeProduct, shopBasics } from './cart-fixtures';
import { makeVoucher, orderBody, putInCart, shopper, stockOf } from './checkout-fixtures';

useTestDatabase({ demo: true });
const outbox = useScratchOutbox();
afterEach(settleAfterAnswer);

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

const product = (spec: Partial<Parameters<typeof makeProduct>[0]> = {}) =>
  makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, ...spec });

async function placed(over: Record<string, unknown> = {}, qty = 2, stock = 10) {
  const u = await shopper();
  const p = await product({ selling: 1500, stock });
  await putInCart(u.id, p.id, qty);
  const order = await placeOrder(u, orderBody({ address_id: u.addressId, ...over }));
  return { u, p, order, id: order.order_id };
}

const row = async (id: number) =>
  (
    await queryRows<{ status: string; payment_status: number }>(getDb(), sql`select status, payment_status from orders where id = ${id}`)
  )[0]!;
const paymentOf = async (orderNo: string) =>
  (await queryRows<{ status: string }>(getDb(), sql`select status from payments where order_no = ${orderNo}`))[0]!.status;
const historyOf = async (id: number) =>
  (await queryRows<{ status: string }>(getDb(), sql`select status from order_status_history where order_id = ${id} order by id`)).map(
    (h) => h.status,
  );

describe('moving an order along (order:status)', () => {
  it('walks a cash-on-delivery order to delivered, writes each step and marks it paid on delivery', async () => {
    const { order, id } = await placed();
    for (const to of ['confirmed', 'picked_up', 'shipped', 'on_the_way', 'delivered']) {
      const change = await changeStatus(id, to, to === 'shipped' ? 'Courier VX-1' : null);
      expect(change).toMatchObject({ order_id: id, to });
    }
    expect(await row(id)).toEqual({ status: 'delivered', payment_status: 1 });
    expect(await paymentOf(order.order_no)).toBe('paid');
    expect(await historyOf(id)).toEqual(['pending', 'confirmed', 'picked_up', 'shipped', 'on_the_way', 'delivered']);
    const [note] = await queryRows<{ note: string }>(
      getDb(),
      sql`select note from order_status_history where order_id = ${id} and status = 'shipped'`,
    );
    expect(note!.note).toBe('Courier VX-1');
  });

  it('refuses forbidden steps with the reason, word for word, and changes nothing', async () => {
    const { id } = await placed();
    expect((await failure(changeStatus(id, 'delivered', null))).message).toBe(
      'An order that is Pending cannot become Delivered. Next it can become: confirmed, cancelled.',
    );
    expect((await failure(changeStatus(id, 'pending', null))).message).toBe('This order is already Pending.');
    expect((await failure(changeStatus(id, 'lost', null))).message).toBe(
      '"lost" is not an order status. Use one of: pending, confirmed, picked_up, on_the_way, shipped, delivered, cancelled, refunded.',
    );
    expect((await failure(changeStatus(id, 'refunded', null))).message).toBe(
      'An order that is Pending cannot become Refunded. Next it can become: confirmed, cancelled.',
    );
    expect(await row(id)).toEqual({ status: 'pending', payment_status: 0 });
    expect(await historyOf(id)).toEqual(['pending']);
    await changeStatus(id, 'cancelled', 'Out of stock at the warehouse');
    expect((await failure(changeStatus(id, 'refunded', null))).message).toBe(
      'Nothing was paid for this order, so there is nothing to refund.',
    );
    expect((await failure(changeStatus(id, 'confirmed', null))).message).toBe(
      'An order that is Cancelled cannot become Confirmed. Next it can become: refunded.',
    );
  });

  it('an unknown order is 404', async () => {
    expect((await failure(changeStatus(999_999_999, 'confirmed', null))).code).toBe('NOT_FOUND');
  });

  it('confirms a bank transfer once: paid, pending → confirmed; a second time, or another method, is refused', async () => {
    const bank = { transaction_id: 'TX-1', bank_name: 'B', account_holder: 'H', account_number: '123', branch_name: 'Br' };
    const { order, id } = await placed({ payment_method: 7, ...bank });
    const changes = await confirmTransfer(id);
    expect(changes.map((c) => [c.order_id, c.from, c.to])).toEqual([[id, 'pending', 'confirmed']]);
    expect(await row(id)).toEqual({ status: 'confirmed', payment_status: 1 });
    expect(await paymentOf(order.order_no)).toBe('paid');
    expect((await failure(confirmTransfer(id))).message).toBe('This order is already paid.');
    const cod = await placed();
    expect((await failure(confirmTransfer(cod.id))).message).toBe('This order is not paid by bank transfer.');
  });

  it('a delivered cash order can be refunded once (order:refund), and then nothing more', async () => {
    const { order, id } = await placed();
    for (const to of ['confirmed', 'shipped', 'delivered']) await changeStatus(id, to, null);
    await refundOrder(id, null);
    expect(await row(id)).toMatchObject({ status: 'refunded' });
    expect(await paymentOf(order.order_no)).toBe('refunded');
    expect((await failure(refundOrder(id, null))).message).toBe('This order is already Refunded.');
    expect((await failure(changeStatus(id, 'shipped', null))).message).toBe('This order is Refunded: its status cannot change any more.');
  });
});

describe('cancelling (cancellation/cancel-order)', () => {
  it('returns the stock, writes the cancellation and history, closes the unpaid payment', async () => {
    const { u, p, order, id } = await placed({}, 3, 10);
    expect(await stockOf(p.id)).toBe(7);
    const change = await cancelOrder(u.id, id, 'Ordered by mistake');
    expect(change).toMatchObject({ order_id: id, from: 'pending', to: 'cancelled' });
    expect(await stockOf(p.id)).toBe(10);
    expect(await row(id)).toMatchObject({ status: 'cancelled' });
    expect(await paymentOf(order.order_no)).toBe('failed');
    expect(await findCancellation(u.id, id)).toMatchObject({ order_id: id, reason: 'Ordered by mistake', status: 'cancelled' });
    expect(await historyOf(id)).toEqual(['pending', 'cancelled']);
    expect((await failure(cancelOrder(u.id, id, 'again'))).message).toBe('This order is already cancelled.');
  });

  it('is refused once shipped, with the reason; another user gets 404 and changes nothing', async () => {
    const { u, id } = await placed();
    const other = await shopper();
    expect((await failure(cancelOrder(other.id, id, 'not mine'))).code).toBe('NOT_FOUND');
    expect((await failure(orderOfUser(other.id, id))).code).toBe('NOT_FOUND');
    expect((await failure(findCancellation(u.id, id))).message).toBe('This order has not been cancelled.');
    await changeStatus(id, 'confirmed', null);
    await changeStatus(id, 'shipped', null);
    expect((await failure(cancelOrder(u.id, id, 'too late'))).message).toBe(
      'This order has already been shipped, so it can no longer be cancelled.',
    );
    expect(await row(id)).toMatchObject({ status: 'shipped' });
  });

  it('marks a paid order for refund; order:refund completes it', async () => {
    const bank = { transaction_id: 'TX-2', bank_name: 'B', account_holder: 'H', account_number: '123', branch_name: 'Br' };
    const { u, order, id } = await placed({ payment_method: 7, ...bank });
    await confirmTransfer(id);
    await cancelOrder(u.id, id, 'Found it cheaper');
    expect((await findCancellation(u.id, id)).status).toBe('refund_pending');
    expect(await paymentOf(order.order_no)).toBe('paid');
    await refundOrder(id, null);
    expect((await findCancellation(u.id, id)).status).toBe('refunded');
    expect(await paymentOf(order.order_no)).toBe('refunded');
    expect((await orderOfUser(u.id, id)).tracker.map((s) => [s.key, s.state])).toEqual([
      ['pending', 'done'],
      ['confirmed', 'done'],
      ['cancelled', 'done'],
      ['refunded', 'current'],
    ]);
  });

  it("gives back a variant's quantity and its product's stock, which checkout now takes too", async () => {
    const u = await shopper();
    const p = await product({
      selling: 2000,
      stock: 9,
      variants: [
        { price: 0, quantity: 4 },
        { price: 0, quantity: 5 },
      ],
    });
    await putInCart(u.id, p.id, 2, p.variantIds[1]);
    const order = await placeOrder(u, orderBody({ address_id: u.addressId }));
    const qty = async () =>
      (await queryRows<{ quantity: number }>(getDb(), sql`select quantity from inventories where product_id = ${p.id} order by id`)).map(
        (r) => r.quantity,
      );
    expect([await stockOf(p.id), ...(await qty())]).toEqual([7, 4, 3]);
    await cancelOrder(u.id, order.order_id, 'Wrong colour');
    expect([await stockOf(p.id), ...(await qty())]).toEqual([9, 4, 5]);
  });

  it('returns the stock and the voucher use exactly once when sent twice at once', async () => {
    const v = await makeVoucher({ usageLimit: 5, perUserLimit: 1, amount: 300 });
    const u = await shopper();
    await getDb().insert(userVouchers).values({ userId: u.id, voucherId: v.id });
    const p = await product({ selling: 2000, stock: 6 });
    await putInCart(u.id, p.id, 2);
    const order = await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: v.code }));
    const used = async () => {
      const [r] = await queryRows<{ used_count: number; used_at: unknown }>(
        getDb(),
        sql`select v.used_count, uv.used_at from vouchers v join user_vouchers uv on uv.voucher_id = v.id and uv.user_id = ${u.id} where v.id = ${v.id}`,
      );
      return { count: r!.used_count, usedAt: r!.used_at !== null };
    };
    expect(await used()).toEqual({ count: 1, usedAt: true });
    expect(await stockOf(p.id)).toBe(4);
    const results = await Promise.allSettled([1, 2, 3].map(() => cancelOrder(u.id, order.order_id, 'Changed my mind')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect(((r as PromiseRejectedResult).reason as Error).message).toBe('This order is already cancelled.');
    expect(await stockOf(p.id)).toBe(6);
    expect(await used()).toEqual({ count: 0, usedAt: false });
    // The per-user limit counts it no more: the shopper may use the voucher again.
    await putInCart(u.id, p.id, 1);
    expect((await voucherValidity(u.id, v.code)).code).toBe(v.code);
  });

  it("a shop-wide voucher split over two stores comes back only with the purchase's last order", async () => {
    const v = await makeVoucher({ usageLimit: 0, amount: 400 });
    const u = await shopper();
    const a = await product({ selling: 3000, stock: 5 });
    const b = await product({ storeId: basics.storeB.id, selling: 3000, stock: 5 });
    await putInCart(u.id, a.id, 1);
    await putInCart(u.id, b.id, 1);
    const order = await placeOrder(u, orderBody({ address_id: u.addressId, voucher_code: v.code }));
    const count = async () => (await queryRows<{ n: number }>(getDb(), sql`select used_count as n from vouchers where id = ${v.id}`))[0]!.n;
    expect(await count()).toBe(1);
    const [first, second] = order.orders;
    await Promise.all([cancelOrder(u.id, first!.id, 'one'), cancelOrder(u.id, second!.id, 'two')]);
    expect(await count()).toBe(0);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([5, 5]);
  });
});

describe("the shopper's orders (order/by-user)", () => {
  it('lists newest first with store, total and pictures; one order carries lines, totals and dated history', async () => {
    const u = await shopper();
    const p = await product({ selling: 1234, stock: 20 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      await putInCart(u.id, p.id, 1);
      ids.push((await placeOrder(u, orderBody({ address_id: u.addressId }))).order_id);
    }
    const list = await ordersOfUser(u.id, 1);
    expect(list.total).toBe(3);
    expect(list.data.map((o) => o.id)).toEqual([...ids].reverse());
    expect(list.data[0]).toMatchObject({
      status: 'pending',
      status_code: 0,
      payment_status: 0,
      total: 1234,
      items: 1,
      store: { id: basics.storeA.id },
    });
    await changeStatus(ids[0]!, 'confirmed', null);
    const one = await orderOfUser(u.id, ids[0]!);
    expect(one).toMatchObject({
      id: ids[0],
      status: 'confirmed',
      status_code: 1,
      totals: { subtotal: 1234, total: 1234 },
      can_cancel: true,
    });
    expect(one.lines).toEqual([expect.objectContaining({ product_id: p.id, quantity: 1, unit_price: 1234, line_total: 1234 })]);
    expect(one.history.map((h) => h.status)).toEqual(['pending', 'confirmed']);
    expect(one.tracker.map((s) => s.state)).toEqual(['done', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(one.tracker[1]!.at).toBe(one.history[1]!.at);
  });
});

describe('status mails', () => {
  it('sends plain and HTML with the link to the order page', async () => {
    const { u, id } = await placed();
    const change = await getDb().transaction(async (tx) => {
      const made = await changeStatus(id, 'confirmed', null, tx);
      await queueStatusMails(tx, [made], { lang: 'en', origin: 'https://shop.test', siteName: 'Voltmart' });
      return made;
    });
    await settleAfterAnswer();
    const mail = (await readOutbox(outbox)).filter((m) => m.to === u.email).pop()!;
    expect(mail.subject).toBe(`Voltmart: your order #${id} is Confirmed`);
    expect(mail.text).toContain(`https://shop.test/user/order/${id}`);
    const built = await statusMail(change, { lang: 'fr', origin: 'https://shop.test', siteName: 'Voltmart' });
    expect(built.html).toContain(`href="https://shop.test/user/order/${id}"`);
    expect(built.subject).toBe(`Voltmart : votre commande n° ${id} est au statut « Confirmée »`);
  });
});
