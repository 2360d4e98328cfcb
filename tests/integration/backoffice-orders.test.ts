import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, users } from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import { lastMailTo } from '@/server/mail/outbox';
import { useScratchOutbox } from './auth-helpers';
import { account, api, auditSince, lastAuditId, makeOrder, twoStores, type Account } from './backoffice-fixtures';

/** Orders in the back office (issue 32, the part built with issue 29): the list, one order, moving it on. */
useTestDatabase({ demo: true });
const outbox = useScratchOutbox();

let owner: Account;
let staff: Account;
let seller: Account;
let stores: [number, number];

beforeAll(async () => {
  stores = await twoStores();
  owner = await account(['owner']);
  staff = await account(['staff'], ['update:order']);
  seller = await account(['seller'], [], [stores[0]]);
});

const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('orders in the back office', () => {
  it('lists the newest first by keyset pages, filters by status, search and payment, and counts per status', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await makeOrder(stores[0], { email: `list-${i}@example.com` }));
    const transfer = await makeOrder(stores[1], { paymentMethod: 7, email: 'list-transfer@example.com' });
    const first = await json(await api('/api/v1/admin/orders?per_page=2', owner));
    expect(first.data.items.map((o: { id: number }) => o.id)).toEqual([transfer, ids[2]]);
    const second = await json(await api(`/api/v1/admin/orders?per_page=2&cursor=${first.data.next_cursor}`, owner));
    expect(second.data.items.map((o: { id: number }) => o.id)).toEqual([ids[1], ids[0]]);
    expect(first.data.counts.pending.count).toBeGreaterThanOrEqual(4);
    const found = await json(await api('/api/v1/admin/orders?q=list-1%40example.com', owner));
    expect(found.data.items.map((o: { id: number }) => o.id)).toEqual([ids[1]]);
    const transfers = await json(await api('/api/v1/admin/orders?payment_method=7&payment_status=0', owner));
    expect(transfers.data.items.map((o: { id: number }) => o.id)).toContain(transfer);
    expect(transfers.data.items.every((o: { payment_method: number }) => o.payment_method === 7)).toBe(true);
    const bad = await api('/api/v1/admin/orders?status=lost', owner);
    expect(bad.status).toBe(422);
    expect((await json(bad)).message).toBe('This is not an order status');
  });

  it('finds an order by its number or its start, a piece of its email, the shopper’s name and the phone’s digits', async () => {
    const tag = `${process.pid}${Date.now().toString(36)}`;
    const [shopper] = await getDb()
      .insert(users)
      .values({ name: `Quentin Findme${tag}`, email: `quentin-${tag}@example.com` })
      .returning({ id: users.id });
    const byUser = await makeOrder(stores[0], { userId: shopper!.id, email: `guestlike-${tag}@example.com` });
    const byMail = await makeOrder(stores[1], { email: `Unusual.Mailbox-${tag}@example.com` });
    const digits = String(Date.now()).slice(-7);
    const byPhone = await makeOrder(stores[0], { phone: `+1 737 ${digits.slice(0, 3)}-${digits.slice(3)}` });
    const [mailed] = await getDb().select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, byMail));
    const orderNo = mailed!.orderNo;
    const find = async (q: string, who = owner) =>
      (
        await json(await api(`/api/v1/${who === seller ? 'seller' : 'admin'}/orders?per_page=100&q=${encodeURIComponent(q)}`, who))
      ).data.items.map((o: { id: number }) => o.id);
    expect(await find(orderNo)).toEqual([byMail]);
    expect(await find(orderNo.slice(0, -1))).toContain(byMail);
    expect(await find(`mailbox-${tag}`)).toEqual([byMail]); // a piece, in another case
    expect(await find(`findme${tag}`)).toEqual([byUser]);
    expect(await find(`(${digits.slice(0, 3)}) ${digits.slice(3)}`)).toEqual([byPhone]); // the digits, however written
    expect(await find(`nobody-${tag}`)).toEqual([]);
    // A whole email address is one exact look-up (lower(email)), the order's or the account's, in any case; a
    // longer address that merely contains it is not that shopper.
    expect(await find(`unusual.mailbox-${tag}@EXAMPLE.com`)).toEqual([byMail]);
    expect(await find(`Quentin-${tag}@example.com`)).toEqual([byUser]);
    expect(await find(`mailbox-${tag}@example.com`)).toEqual([]);
    // A guest's order: the name written on its address.
    const byGuestName = await makeOrder(stores[1]);
    await getDb()
      .update(orders)
      .set({ shippingAddress: sql`jsonb_set(shipping_address, '{name}', to_jsonb(${`Rosalind Guestname${tag}`}::text))` })
      .where(eq(orders.id, byGuestName));
    expect(await find(`guestname${tag}`)).toEqual([byGuestName]);
    // A seller's search stays in their store: the other store's order is not found.
    expect(await find(`mailbox-${tag}`, seller)).toEqual([]);
    expect(await find(`findme${tag}`, seller)).toEqual([byUser]);
  });

  it('a span of days in the past reads newest first (or oldest) by keyset pages, short span or long alike', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await makeOrder(stores[0], { email: `span-${i}@example.com` });
      // Written in another order than their days: the list is by id, whatever the dates.
      await getDb()
        .update(orders)
        .set({ createdAt: new Date(Date.UTC(2019, 2, 10 - i, 12)) })
        .where(eq(orders.id, id));
      ids.push(id);
    }
    const pages = async (q: string) => {
      const out: number[] = [];
      let cursor = '';
      do {
        const page = (await json(await api(`/api/v1/admin/orders?per_page=2&${q}${cursor ? `&cursor=${cursor}` : ''}`, owner))).data;
        out.push(...page.items.map((o: { id: number }) => o.id));
        cursor = page.next_cursor ?? '';
      } while (cursor);
      return out;
    };
    const newest = [...ids].reverse();
    expect(await pages('from=2019-03-06&to=2019-03-10')).toEqual(newest); // a short span (read by date, sorted)
    expect(await pages('from=2019-01-01&to=2019-12-31')).toEqual(newest); // a long one (the primary key)
    expect(await pages('from=2019-03-06&to=2019-03-10&dir=asc')).toEqual(ids);
    expect(await pages('from=2019-03-07&to=2019-03-08')).toEqual([ids[3], ids[2]]);
  });

  it('a seller sees their own store’s orders only; another store’s order is 404', async () => {
    const mine = await makeOrder(stores[0]);
    const theirs = await makeOrder(stores[1]);
    const list = await json(await api('/api/v1/seller/orders?per_page=100', seller));
    const listed = list.data.items.map((o: { id: number; store_id: number }) => o);
    expect(listed.map((o: { id: number }) => o.id)).toContain(mine);
    expect(listed.every((o: { store_id: number }) => o.store_id === stores[0])).toBe(true);
    expect((await api(`/api/v1/seller/orders/${theirs}`, seller)).status).toBe(404);
    const one = await json(await api(`/api/v1/seller/orders/${mine}`, seller));
    expect(one.data).toMatchObject({
      id: mine,
      store_id: stores[0],
      status: 'pending',
      next: ['confirmed', 'cancelled'],
      shipments: [],
      refunds: [],
    });
    expect(one.data.lines[0]).toMatchObject({ title: 'Bench charger', quantity: 1, unit_price: 2500 });
  });

  it('moves an order on along the allowed steps only: history, one audit entry, the shopper’s mail', async () => {
    const id = await makeOrder(stores[0], { email: 'moved@example.com' });
    const before = await lastAuditId();
    const refused = await api(`/api/v1/admin/orders/${id}/status`, staff, { body: { status: 'delivered' } });
    expect(refused.status).toBe(422);
    expect(await auditSince(before)).toHaveLength(0);
    const res = await api(`/api/v1/admin/orders/${id}/status`, staff, { body: { status: 'confirmed', note: 'Packed today' } });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ order_id: id, status: 'confirmed' });
    const [order] = await getDb().select().from(orders).where(eq(orders.id, id));
    expect(order!.status).toBe('confirmed');
    const history = await getDb().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history.map((h) => [h.status, h.note])).toEqual([
      ['pending', null],
      ['confirmed', 'Packed today'],
    ]);
    const entries = await auditSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'orders.status',
      entity: 'order',
      entityId: String(id),
      actorId: staff.id,
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    await settleAfterAnswer();
    expect((await lastMailTo(outbox, 'moved@example.com'))?.subject).toBeTruthy();
  });

  it('refunding needs refund:order; a seller cannot move another store’s order', async () => {
    const id = await makeOrder(stores[0], { status: 'delivered' });
    expect((await api(`/api/v1/admin/orders/${id}/status`, staff, { body: { status: 'refunded' } })).status).toBe(403);
    const other = await makeOrder(stores[1]);
    expect((await api(`/api/v1/seller/orders/${other}/status`, seller, { body: { status: 'confirmed' } })).status).toBe(404);
    const [row] = await getDb().select().from(orders).where(eq(orders.id, other));
    expect(row!.status).toBe('pending');
  });

  it('a bank transfer confirmed from the back office pays the order and confirms it', async () => {
    const id = await makeOrder(stores[0], { paymentMethod: 7 });
    const res = await api(`/api/v1/admin/orders/${id}/confirm-transfer`, owner, { body: {} });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const [row] = await getDb().select().from(orders).where(eq(orders.id, id));
    expect([row!.status, row!.paymentStatus]).toEqual(['confirmed', 1]);
    expect((await api(`/api/v1/admin/orders/${id}/confirm-transfer`, owner, { body: {} })).status).toBe(422);
  });

  it('confirms ticked orders in bulk: all or none, one audit entry; another store’s order refuses the lot', async () => {
    const a = await makeOrder(stores[0]);
    const b = await makeOrder(stores[0]);
    const before = await lastAuditId();
    const done = await api('/api/v1/seller/orders/bulk', seller, { body: { ids: [a, b], action: 'confirm' } });
    expect(done.status).toBe(200);
    expect((await json(done)).message).toBe('2 orders confirmed.');
    const statusOf = async (id: number) => (await getDb().select().from(orders).where(eq(orders.id, id)))[0]!.status;
    expect([await statusOf(a), await statusOf(b)]).toEqual(['confirmed', 'confirmed']);
    const entries = await auditSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'orders.bulk',
      entity: 'order',
      entityId: null,
      after: { ids: [a, b], status: 'confirmed' },
    });

    const c = await makeOrder(stores[0]);
    const delivered = await makeOrder(stores[0], { status: 'delivered' });
    const refused = await api('/api/v1/seller/orders/bulk', seller, { body: { ids: [c, delivered], action: 'confirm' } });
    expect(refused.status).toBe(422);
    expect(await statusOf(c)).toBe('pending');
    const other = await makeOrder(stores[1]);
    expect((await api('/api/v1/seller/orders/bulk', seller, { body: { ids: [c, other], action: 'confirm' } })).status).toBe(404);
    expect([await statusOf(c), await statusOf(other)]).toEqual(['pending', 'pending']);
    expect((await api('/api/v1/admin/orders/bulk', owner, { body: { ids: [], action: 'confirm' } })).status).toBe(422);
  });
});
