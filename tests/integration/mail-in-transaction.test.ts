import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { createSession } from '@/server/auth/sessions';
import { getDb, queryRows } from '@/server/db/client';
import { readOutbox } from '@/server/mail/outbox';
import { deliverDue } from '@/server/mail';
import { queueMail } from '@/server/mail/sender';
import { settleAfterAnswer } from '@/server/core/background';
import { useScratchOutbox } from './auth-helpers';
import { listApiRoutes, request } from './http';
import { makeProduct, shopBasics } from './cart-fixtures';
import { putInCart, shopper } from './checkout-fixtures';

/**
 * The shopper's own cancellation and "pay another way" (issue 37): each queues its mail in the transaction of its
 * change, so the mail row exists iff the change committed. A commit is made to fail on purpose by a deferred
 * constraint trigger that refuses, at COMMIT, any mail to a `refused-at-commit.*` address — so the failure comes
 * after every statement of the change, the mail's insert included. A mail written after the change (its own
 * transaction) would leave the change made and the mail refused: these tests would see the order changed.
 */
useTestDatabase({ demo: true });
const outbox = useScratchOutbox();
const routes = listApiRoutes();
afterEach(settleAfterAnswer);

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
  await getDb().execute(sql`create function test_refuse_mail_at_commit() returns trigger language plpgsql as $$
    begin
      if new."to" like 'refused-at-commit.%' then raise exception 'the commit is refused (test)'; end if;
      return null;
    end $$`);
  await getDb().execute(sql`create constraint trigger test_refuse_mail_at_commit after insert on mail_outbox
    deferrable initially deferred for each row execute function test_refuse_mail_at_commit()`);
});

async function signedIn() {
  const u = await shopper();
  const { token } = await createSession(u.id, {});
  const call = (path: string, body: unknown) =>
    request(routes, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  return { u, call };
}

/** An order placed through the API (cash on delivery, or a bank transfer waiting for its money). */
async function placed(method: 2 | 7) {
  const buyer = await signedIn();
  const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 2500, stock: 10 });
  await putInCart(buyer.u.id, p.id, 1);
  const res = await buyer.call('/api/v1/order/action', { address_id: buyer.u.addressId, payment_method: method });
  expect(res.status, await res.clone().text()).toBe(200);
  await settleAfterAnswer();
  return { ...buyer, productId: p.id, order: (await res.json()).data as { order_id: number; order_no: string } };
}

let n = 0;
/** Points the order's mails at an address whose mail the database refuses at COMMIT. */
async function refuseCommitOf(orderId: number): Promise<string> {
  const to = `refused-at-commit.${++n}.${Date.now()}@example.com`;
  await getDb().execute(sql`update orders set email = ${to} where id = ${orderId}`);
  return to;
}

const mailRows = (to: string) =>
  queryRows<{ subject: string; status: string }>(getDb(), sql`select subject, status from mail_outbox where "to" = ${to} order by id`);
const orderRow = async (id: number) =>
  (
    await queryRows<{ status: string; payment_method: number }>(getDb(), sql`select status, payment_method from orders where id = ${id}`)
  )[0]!;
const cancellations = async (id: number) =>
  (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from cancellations where order_id = ${id}`))[0]!.n;
const stockOf = async (productId: number) =>
  (await queryRows<{ stock: number }>(getDb(), sql`select stock from products where id = ${productId}`))[0]!.stock;
/** Everything sendable is sent, then what reached the (file) outbox for `to`. */
async function delivered(to: string) {
  await settleAfterAnswer();
  await deliverDue();
  return (await readOutbox(outbox)).filter((m) => m.to === to);
}

describe('placing an order', () => {
  it('an order whose transaction rolls back (at its commit) leaves no order and sends nothing', async () => {
    const buyer = await signedIn();
    const to = `refused-at-commit.order.${Date.now()}@example.com`;
    await getDb().execute(sql`update users set email = ${to} where id = ${buyer.u.id}`);
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 2500, stock: 10 });
    await putInCart(buyer.u.id, p.id, 1);
    const res = await buyer.call('/api/v1/order/action', { address_id: buyer.u.addressId, payment_method: 2 });
    expect(res.status).toBeGreaterThanOrEqual(500);
    const [orders] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from orders where user_id = ${buyer.u.id}`);
    expect(orders!.n).toBe(0);
    expect(await stockOf(p.id)).toBe(10);
    expect(await mailRows(to)).toEqual([]);
    expect(await delivered(to)).toEqual([]);
  });
});

describe("the shopper's cancellation", () => {
  it('queues the status mail in the cancellation: the row is there once it commits, and goes out once', async () => {
    const { u, call, order } = await placed(2);
    const res = await call('/api/v1/cancellation/cancel-order', { order_id: order.order_id, reason: 'Ordered by mistake' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await orderRow(order.order_id)).status).toBe('cancelled');
    const rows = (await mailRows(u.email)).filter((r) => r.subject.includes('Cancelled'));
    expect(rows).toHaveLength(1);
    const sent = (await delivered(u.email)).filter((m) => m.subject.includes('Cancelled'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Ordered by mistake');
  });

  it('a cancellation whose commit fails leaves the order as it was and no mail', async () => {
    const { call, order, productId } = await placed(2);
    const stock = await stockOf(productId);
    const to = await refuseCommitOf(order.order_id);
    const res = await call('/api/v1/cancellation/cancel-order', { order_id: order.order_id, reason: 'Never mind' });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect((await orderRow(order.order_id)).status).toBe('pending');
    expect(await cancellations(order.order_id)).toBe(0);
    expect(await stockOf(productId)).toBe(stock);
    expect(await mailRows(to)).toEqual([]);
    expect(await delivered(to)).toEqual([]);
  });
});

describe('paying another way (order/payment-method)', () => {
  it('queues the new confirmation (how to pay now) with the change of method, and it goes out once', async () => {
    const { u, call, order } = await placed(7);
    const before = (await mailRows(u.email)).length;
    const res = await call('/api/v1/order/payment-method', { order_id: order.order_id, payment_method: 2 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await orderRow(order.order_id)).payment_method).toBe(2);
    expect(await mailRows(u.email)).toHaveLength(before + 1);
    const mails = await delivered(u.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain('Cash on delivery');
  });

  it('a change of method whose commit fails keeps the old method and mails nothing', async () => {
    const { call, order } = await placed(7);
    const to = await refuseCommitOf(order.order_id);
    const res = await call('/api/v1/order/payment-method', { order_id: order.order_id, payment_method: 2 });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect((await orderRow(order.order_id)).payment_method).toBe(7);
    expect(await mailRows(to)).toEqual([]);
    expect(await delivered(to)).toEqual([]);
  });
});

describe('a mail queued outside a request (a command, a test)', () => {
  it('goes out when the caller settles after its commit, however long the commit takes', async () => {
    const to = `slow-commit.${Date.now()}@example.test`;
    await getDb().transaction(async (tx) => {
      await queueMail(tx, { to, subject: 'Queued in a slow transaction', text: 'body', html: '<p>body</p>' });
      // The transaction stays open a while after queueing (more work, a slow commit). A delivery round started
      // meanwhile (as one did on the next turn) finds no committed row on PostgreSQL and leaves the mail to a poll.
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    await settleAfterAnswer();
    expect((await readOutbox(outbox)).filter((m) => m.to === to).map((m) => m.subject)).toEqual(['Queued in a slow transaction']);
    const [row] = await queryRows<{ status: string }>(getDb(), sql`select status from mail_outbox where "to" = ${to}`);
    expect(row?.status).toBe('sent');
  });
});
