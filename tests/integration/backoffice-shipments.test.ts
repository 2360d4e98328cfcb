import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { orderLines, orders, shipments } from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import { readOutbox } from '@/server/mail/outbox';
import { ShipmentSchema } from '@/lib/schemas/backoffice';
import { listTransfersWaiting } from '@/server/orders/transfers-waiting';
import { issueInvoice, orderDocument, packingSlipsQuery } from '@/server/orders/documents';
import { renderInvoicePdf } from '@/server/orders/invoice-pdf';
import { getSettings } from '@/server/settings';
import { useScratchOutbox } from './auth-helpers';
import { account, api, auditSince, lastAuditId, makeOrder, twoStores, type Account } from './backoffice-fixtures';

/** Shipments, documents and transfers waiting in the back office (issue 32). */
useTestDatabase({ demo: true });
const outbox = useScratchOutbox();

let owner: Account;
let staff: Account;
let seller: Account;
let shopper: Account;
let stores: [number, number];

beforeAll(async () => {
  stores = await twoStores();
  owner = await account(['owner']);
  staff = await account(['staff'], ['update:order']);
  seller = await account(['seller'], [], [stores[0]]);
  shopper = await account([]);
});

const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A confirmed order of this store with lines of these quantities; their ids. */
async function orderWith(storeId: number, quantities: number[], over: { email?: string; status?: string; userId?: number } = {}) {
  const id = await makeOrder(storeId, { status: over.status ?? 'confirmed', email: over.email });
  if (over.userId) await getDb().update(orders).set({ userId: over.userId }).where(eq(orders.id, id));
  await getDb().delete(orderLines).where(eq(orderLines.orderId, id));
  const lines = await getDb()
    .insert(orderLines)
    .values(
      quantities.map((quantity, i) => ({ orderId: id, title: `Item ${i + 1}`, unitPrice: 1000, quantity, lineTotal: 1000 * quantity })),
    )
    .returning({ id: orderLines.id });
  return { id, lines: lines.map((l) => l.id) };
}

const statusOf = async (id: number) => (await getDb().select().from(orders).where(eq(orders.id, id)))[0]!.status;
const shipmentCount = async (id: number) => (await getDb().select().from(shipments).where(eq(shipments.orderId, id))).length;

describe('shipments', () => {
  it('a partial shipment then the rest makes the order shipped; the shopper sees both with their links', async () => {
    const { id, lines } = await orderWith(stores[0], [2, 1], { email: 'parcels@example.com', userId: shopper.id });
    const before = await lastAuditId();
    const first = await api(`/api/v1/admin/orders/${id}/shipments`, staff, {
      body: { lines: [{ line_id: lines[0], quantity: 1 }], carrier: 'dhl', tracking_number: 'JD014600' },
    });
    expect(first.status, JSON.stringify(await first.clone().json())).toBe(200);
    const firstBody = await json(first);
    expect(firstBody.data).toMatchObject({ order_id: id, status: null, complete: false });
    expect(firstBody.message).toBe('The shipment is saved and the shopper is mailed. Some items are still to ship.');
    expect(await statusOf(id)).toBe('confirmed');
    // Once a parcel has left, the shopper can no longer cancel.
    expect((await json(await api(`/api/v1/order/by-user?order_id=${id}`, shopper))).data.can_cancel).toBe(false);
    const cancel = await api('/api/v1/cancellation/cancel-order', shopper, { body: { order_id: id, reason: 'Too slow' } });
    expect(cancel.status).toBe(422);
    expect((await json(cancel)).message).toBe('Part of this order has already been shipped, so it can no longer be cancelled.');
    expect(await statusOf(id)).toBe('confirmed');
    const entries = await auditSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'orders.ship', entity: 'order', entityId: String(id), after: { carrier: 'dhl' } });

    const rest = await api(`/api/v1/admin/orders/${id}/shipments`, staff, {
      body: {
        lines: [
          { line_id: lines[0], quantity: 1 },
          { line_id: lines[1], quantity: 1 },
        ],
        carrier: 'ups',
        tracking_number: '1Z999',
      },
    });
    expect(rest.status).toBe(200);
    expect((await json(rest)).data).toMatchObject({ status: 'shipped', complete: true });
    expect(await statusOf(id)).toBe('shipped');

    const one = await json(await api(`/api/v1/admin/orders/${id}`, owner));
    expect(one.data.shipments).toHaveLength(2);
    expect(one.data.lines[0].id).toBe(lines[0]);
    expect(one.data.shipments[0]).toMatchObject({
      carrier: 'dhl',
      tracking_number: 'JD014600',
      tracking_url: expect.stringContaining('dhl.com'),
      lines: [{ line_id: lines[0], quantity: 1 }],
    });
    const mine = await json(await api(`/api/v1/order/by-user?order_id=${id}`, shopper));
    expect(mine.data.shipments.map((s: { carrier: string; tracking_url: string }) => [s.carrier, s.tracking_url])).toEqual([
      ['dhl', expect.stringContaining('JD014600')],
      ['ups', 'https://www.ups.com/track?tracknum=1Z999'],
    ]);

    const tracked = await json(await api(`/api/v1/track-order?order_id=${id}&email=parcels%40example.com`, null));
    expect(tracked.data.shipments).toEqual([
      expect.objectContaining({ carrier: 'dhl', tracking_number: 'JD014600' }),
      expect.objectContaining({ carrier: 'ups', tracking_url: 'https://www.ups.com/track?tracknum=1Z999' }),
    ]);
    expect(tracked.data.shipments[0].lines).toBeUndefined();

    await settleAfterAnswer();
    const mails = (await readOutbox(outbox)).filter((m) => m.to === 'parcels@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('JD014600');
    expect(mails[0]!.text).toContain('dhl.com');
    expect(mails[1]!.text).toContain('https://www.ups.com/track?tracknum=1Z999');

    const again = await api(`/api/v1/admin/orders/${id}/shipments`, staff, { body: { lines: [{ line_id: lines[1], quantity: 1 }] } });
    expect(again.status).toBe(422);
    expect((await json(again)).message).toBe('Every item of this order is already shipped.');
  });

  it('never ships more than was ordered: refused with a message, nothing written', async () => {
    const { id, lines } = await orderWith(stores[0], [2]);
    const before = await lastAuditId();
    const res = await api(`/api/v1/admin/orders/${id}/shipments`, owner, {
      body: { lines: [{ line_id: lines[0], quantity: 3 }], carrier: 'fedex' },
    });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe('Only 2 of “Item 1” are left to ship, not 3.');
    // The same line twice counts as the sum.
    const twice = await api(`/api/v1/admin/orders/${id}/shipments`, owner, {
      body: {
        lines: [
          { line_id: lines[0], quantity: 2 },
          { line_id: lines[0], quantity: 1 },
        ],
      },
    });
    expect(twice.status).toBe(422);
    const other = await orderWith(stores[0], [1]);
    const foreign = await api(`/api/v1/admin/orders/${id}/shipments`, owner, {
      body: { lines: [{ line_id: other.lines[0], quantity: 1 }] },
    });
    expect(foreign.status).toBe(422);
    const none = await api(`/api/v1/admin/orders/${id}/shipments`, owner, { body: { lines: [{ line_id: lines[0], quantity: 0 }] } });
    expect(none.status).toBe(422);
    expect((await json(none)).message).toBe('Choose at least one item to ship');
    const carrier = await api(`/api/v1/admin/orders/${id}/shipments`, owner, {
      body: { lines: [{ line_id: lines[0], quantity: 1 }], carrier: 'pigeon' },
    });
    expect(carrier.status).toBe(422);
    expect(await shipmentCount(id)).toBe(0);
    expect(await auditSince(before)).toHaveLength(0);
    const pending = await orderWith(stores[0], [1], { status: 'pending' });
    const early = await api(`/api/v1/admin/orders/${pending.id}/shipments`, owner, {
      body: { lines: [{ line_id: pending.lines[0], quantity: 1 }] },
    });
    expect(early.status).toBe(422);
    expect((await json(early)).message).toBe('Confirm the order before shipping it.');
  });

  it('operators shipping the same line at once never ship more than was ordered', async () => {
    const { id, lines } = await orderWith(stores[0], [2]);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        api(`/api/v1/admin/orders/${id}/shipments`, owner, { body: { lines: [{ line_id: lines[0], quantity: 1 }], carrier: 'dhl' } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 422, 422, 422]);
    expect(await shipmentCount(id)).toBe(2);
    expect(await statusOf(id)).toBe('shipped');
  });

  it('a seller ships their own store’s order; another store’s is 404 and untouched', async () => {
    const mine = await orderWith(stores[0], [1]);
    const res = await api(`/api/v1/seller/orders/${mine.id}/shipments`, seller, {
      body: { lines: [{ line_id: mine.lines[0], quantity: 1 }], carrier: 'aramex' },
    });
    expect(res.status).toBe(200);
    expect(await statusOf(mine.id)).toBe('shipped');
    const theirs = await orderWith(stores[1], [1]);
    const refused = await api(`/api/v1/seller/orders/${theirs.id}/shipments`, seller, {
      body: { lines: [{ line_id: theirs.lines[0], quantity: 1 }] },
    });
    expect(refused.status).toBe(404);
    expect(await shipmentCount(theirs.id)).toBe(0);
    expect(await statusOf(theirs.id)).toBe('confirmed');
  });

  it('reads the no-JavaScript form: one line_id and one quantity per row, empty rows skipped', () => {
    const parsed = ShipmentSchema.parse({
      id: '7',
      line_id: ['3', '4', '5'],
      quantity: ['2', '', '0'],
      carrier: 'usps',
      tracking_number: ' 9400 ',
    });
    expect(parsed).toEqual({ id: 7, lines: [{ line_id: 3, quantity: 2 }], carrier: 'usps', tracking_number: '9400' });
    expect(ShipmentSchema.parse({ id: 7, line_id: '3', quantity: '1' }).lines).toEqual([{ line_id: 3, quantity: 1 }]);
  });

  it('marks ticked orders shipped in bulk with one carrier: every line, all or none', async () => {
    const a = await orderWith(stores[0], [2, 3], { email: 'bulk-a@example.com' });
    const b = await orderWith(stores[0], [1]);
    // b is already half shipped: bulk ships the rest.
    await api(`/api/v1/admin/orders/${a.id}/shipments`, owner, { body: { lines: [{ line_id: a.lines[1], quantity: 1 }] } });
    const before = await lastAuditId();
    const res = await api('/api/v1/seller/orders/bulk', seller, { body: { ids: [a.id, b.id], action: 'ship', carrier: 'fedex' } });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    expect((await json(res)).message).toBe('2 orders shipped.');
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['shipped', 'shipped']);
    const [left] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from order_lines l where l.order_id in (${a.id}, ${b.id})
          and l.quantity > (select coalesce(sum(quantity), 0) from shipment_lines where order_line_id = l.id)`,
    );
    expect(Number(left!.n)).toBe(0);
    expect(await auditSince(before)).toHaveLength(1);
    await settleAfterAnswer();
    expect((await readOutbox(outbox)).filter((m) => m.to === 'bulk-a@example.com')).toHaveLength(2);

    const c = await orderWith(stores[0], [1]);
    const pending = await orderWith(stores[0], [1], { status: 'pending' });
    const refused = await api('/api/v1/admin/orders/bulk', owner, { body: { ids: [c.id, pending.id], action: 'ship', carrier: 'dhl' } });
    expect(refused.status).toBe(422);
    expect(await shipmentCount(c.id)).toBe(0);
    const other = await orderWith(stores[1], [1]);
    expect((await api('/api/v1/seller/orders/bulk', seller, { body: { ids: [c.id, other.id], action: 'ship' } })).status).toBe(404);
    expect(await shipmentCount(c.id)).toBe(0);
  });
});

describe('bank transfers waiting', () => {
  it('lists live unpaid bank-transfer orders, oldest first, in the caller’s scope; a confirmed one leaves the list', async () => {
    const waitingA = await makeOrder(stores[0], { paymentMethod: 7 });
    const waitingB = await makeOrder(stores[1], { paymentMethod: 7 });
    const cancelled = await makeOrder(stores[0], { paymentMethod: 7, status: 'cancelled' });
    const cod = await makeOrder(stores[0]);
    const all = await listTransfersWaiting({ q: '', dir: 'asc', per_page: 100, cursor: '' }, { kind: 'any' });
    const ids = all.items.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([waitingA, waitingB]));
    expect(ids).not.toContain(cancelled);
    expect(ids).not.toContain(cod);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const own = await listTransfersWaiting({ q: '', dir: 'asc', per_page: 100, cursor: '' }, { kind: 'own', storeIds: [stores[0]] });
    expect(own.items.map((o) => o.id)).toContain(waitingA);
    expect(own.items.map((o) => o.id)).not.toContain(waitingB);
    const firstPage = await listTransfersWaiting({ q: '', dir: 'asc', per_page: 1, cursor: '' }, { kind: 'any' });
    expect(firstPage.next_cursor).toBeTruthy();
    expect((await api(`/api/v1/admin/orders/${waitingA}/confirm-transfer`, owner, { body: {} })).status).toBe(200);
    const after = await listTransfersWaiting({ q: '', dir: 'asc', per_page: 100, cursor: '' }, { kind: 'any' });
    expect(after.items.map((o) => o.id)).not.toContain(waitingA);
  });
});

describe('invoices', () => {
  const issue = async (id: number) => {
    const res = await api(`/api/v1/admin/orders/${id}/invoice`, staff, { body: {} });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    return (await json(res)).data as { number: string; year: number; seq: number };
  };

  it('numbers invoices one after another per year; an order keeps its number', async () => {
    const [a, b] = [await makeOrder(stores[0]), await makeOrder(stores[1])];
    const first = await issue(a);
    const second = await issue(b);
    expect(first.year).toBe(new Date().getUTCFullYear());
    expect(second.seq).toBe(first.seq + 1);
    expect(first.number).toBe(`${first.year}-${String(first.seq).padStart(6, '0')}`);
    expect(await issue(a)).toEqual(first);
    const c = await makeOrder(stores[0]);
    expect((await issue(c)).seq).toBe(second.seq + 1);
    // Another year starts again from 1.
    const [d, e] = [await makeOrder(stores[0]), await makeOrder(stores[0])];
    const later = await getDb().transaction(async (tx) => [
      await issueInvoice(tx, d, new Date('2031-01-01T00:00:00Z')),
      await issueInvoice(tx, e, new Date('2031-06-01T00:00:00Z')),
    ]);
    expect(later.map((i) => i.number)).toEqual(['2031-000001', '2031-000002']);
    const cancelled = await makeOrder(stores[0], { status: 'cancelled' });
    expect((await api(`/api/v1/admin/orders/${cancelled}/invoice`, owner, { body: {} })).status).toBe(422);
    expect((await api(`/api/v1/admin/orders/${a}/invoice`, seller, { body: {} })).status).toBe(403);
  });

  it('issued at once for many orders (and one order many times), the numbers have no gap and no double', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await makeOrder(stores[0]));
    const results = await Promise.all([...ids, ids[0]!, ids[0]!, ids[0]!].map((id) => issue(id)));
    const seqs = [...new Set(results.map((r) => r.seq))].sort((x, y) => x - y);
    expect(seqs).toHaveLength(10);
    expect(seqs[9]! - seqs[0]!).toBe(9);
    const year = new Date().getUTCFullYear();
    const all = await queryRows<{ number: number }>(getDb(), sql`select number from invoices where year = ${year} order by number`);
    expect(all.map((r) => r.number)).toEqual(all.map((_, i) => i + 1));
  });
});

describe('the invoice as a PDF', () => {
  it('draws the issued invoice as a PDF document (English for Arabic: the built-in fonts are Latin)', async () => {
    const id = await makeOrder(stores[0]);
    await api(`/api/v1/admin/orders/${id}/invoice`, owner, { body: {} });
    const { order, invoice } = await orderDocument(id, { kind: 'any' });
    const settings = await getSettings();
    for (const lang of ['en', 'fr', 'ar']) {
      const pdf = Buffer.from(await renderInvoicePdf(order, invoice!, lang, settings));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(1000);
      expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    }
  });
});

describe('packing slips of ticked orders', () => {
  it('gives the ticked orders in the caller’s scope; another store’s order is 404', async () => {
    const [a, b] = [await makeOrder(stores[0]), await makeOrder(stores[0])];
    const other = await makeOrder(stores[1]);
    const own = { kind: 'own' as const, storeIds: [stores[0]] };
    const input = packingSlipsQuery.input.parse({ ids: [String(a), String(b)], action: 'confirm' });
    const slips = await packingSlipsQuery.run(input, null as never, own);
    expect(slips.map((o) => o.id)).toEqual([a, b]);
    await expect(packingSlipsQuery.run({ ids: [a, other] }, null as never, own)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
