import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orders, shipments } from '@/server/db/schema';
import { useScratchOutbox } from './auth-helpers';
import { listApiRoutes, request } from './http';
import { account, api, auditSince, lastAuditId, makeOrder, twoStores, type Account } from './backoffice-fixtures';

/**
 * The list's bulk actions and "this order changed" (issue 32): the list draws each order's version and the bulk
 * form sends them back; a ticked order changed since (another operator, the shopper, a payment) is skipped and
 * named, never confirmed or shipped blindly; every ticked order changed: 409, nothing done. Both databases.
 */
useTestDatabase({ demo: true });
useScratchOutbox();

let owner: Account;
let other: Account;
let store: number;

beforeAll(async () => {
  owner = await account(['owner']);
  other = await account(['staff'], ['update:order', 'read:order']);
  [store] = await twoStores();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => ({ ...((await res.json()) as { message: string; data: any }), status: res.status });
const rowsOf = async (ids: number[]) =>
  Object.fromEntries(
    (await getDb().select({ id: orders.id, status: orders.status, no: orders.orderNo }).from(orders).where(inArray(orders.id, ids))).map(
      (r) => [r.id, r],
    ),
  );
/** The versions of these orders as the list draws them (`GET api/v1/admin/orders`). */
async function listed(ids: number[]): Promise<Record<number, number>> {
  const items = (await json(await api('/api/v1/admin/orders?per_page=100', owner))).data.items as { id: number; version: number }[];
  return Object.fromEntries(items.filter((o) => ids.includes(o.id)).map((o) => [o.id, o.version]));
}

describe('bulk actions on orders changed since the list was drawn', () => {
  it('confirm: the changed order is skipped and named, the others are confirmed, one audit entry', async () => {
    const ids = [await makeOrder(store), await makeOrder(store), await makeOrder(store)];
    const versions = await listed(ids);
    expect(Object.keys(versions)).toHaveLength(3);
    // Meanwhile another operator cancels the second one.
    const stale = ids[1]!;
    const cancelled = await api(`/api/v1/admin/orders/${stale}/status`, other, { body: { status: 'cancelled', note: 'Asked by phone' } });
    expect(cancelled.status).toBe(200);
    const before = await lastAuditId();
    const res = await json(await api('/api/v1/admin/orders/bulk', owner, { body: { ids, action: 'confirm', versions } }));
    expect(res.status).toBe(200);
    const rows = await rowsOf(ids);
    expect(res.message).toBe(
      `2 orders confirmed. Skipped, changed since you loaded the list: ${rows[stale]!.no}. Reload the list, check them and try again.`,
    );
    expect(res.data.skipped).toEqual([{ order_id: stale, order_no: rows[stale]!.no }]);
    expect(ids.map((id) => rows[id]!.status)).toEqual(['confirmed', 'cancelled', 'confirmed']);
    const entries = await auditSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ ids: [ids[0], ids[2]], skipped: [rows[stale]!.no] });
  });

  it('a harmless change (a note) is still a change: the order is skipped, not confirmed on an old reading', async () => {
    const ids = [await makeOrder(store), await makeOrder(store)];
    const versions = await listed(ids);
    await getDb().update(orders).set({ note: 'Call before delivery' }).where(eq(orders.id, ids[0]!));
    const res = await json(await api('/api/v1/admin/orders/bulk', owner, { body: { ids, action: 'confirm', versions } }));
    expect(res.status).toBe(200);
    const rows = await rowsOf(ids);
    expect([rows[ids[0]!]!.status, rows[ids[1]!]!.status]).toEqual(['pending', 'confirmed']);
  });

  it('every ticked order changed: 409 naming them, nothing done, no audit entry', async () => {
    const ids = [await makeOrder(store), await makeOrder(store)];
    const versions = await listed(ids);
    for (const id of ids) await getDb().update(orders).set({ note: 'changed' }).where(eq(orders.id, id));
    const before = await lastAuditId();
    const res = await json(await api('/api/v1/admin/orders/bulk', owner, { body: { ids, action: 'ship', carrier: 'dhl', versions } }));
    expect(res.status).toBe(409);
    const rows = await rowsOf(ids);
    expect(res.message).toBe(
      `Nothing was done: every ticked order changed since you loaded the list (${rows[ids[0]!]!.no}, ${rows[ids[1]!]!.no}). Reload the list, check them and try again.`,
    );
    expect(ids.map((id) => rows[id]!.status)).toEqual(['pending', 'pending']);
    expect(await auditSince(before)).toHaveLength(0);
  });

  it('ship: the changed order gets no parcel, the fresh one ships; a refused step among the fresh ones changes nothing', async () => {
    const ids = [await makeOrder(store, { status: 'confirmed' }), await makeOrder(store, { status: 'confirmed' })];
    const versions = await listed(ids);
    await api(`/api/v1/admin/orders/${ids[1]}/status`, other, { body: { status: 'cancelled', note: 'Out of stock' } });
    const res = await json(await api('/api/v1/admin/orders/bulk', owner, { body: { ids, action: 'ship', carrier: 'ups', versions } }));
    expect(res.status, res.message).toBe(200);
    const parcels = await getDb().select({ orderId: shipments.orderId }).from(shipments).where(inArray(shipments.orderId, ids));
    expect(parcels.map((p) => p.orderId)).toEqual([ids[0]]);
    expect((await rowsOf(ids))[ids[0]!]!.status).toBe('shipped');

    // Nothing half-done: a fresh order whose state forbids shipping refuses the lot, the other fresh one too.
    const fresh = [await makeOrder(store, { status: 'confirmed' }), await makeOrder(store, { status: 'pending' })];
    const v2 = await listed(fresh);
    const refused = await api('/api/v1/admin/orders/bulk', owner, { body: { ids: fresh, action: 'ship', carrier: 'ups', versions: v2 } });
    expect(refused.status).toBe(422);
    expect(await getDb().select().from(shipments).where(inArray(shipments.orderId, fresh))).toHaveLength(0);
  });

  it('the plain form (JavaScript off): `versions` as id:version fields; back to the list with the message', async () => {
    const ids = [await makeOrder(store), await makeOrder(store)];
    const versions = await listed(ids);
    await getDb().update(orders).set({ note: 'changed' }).where(eq(orders.id, ids[1]!));
    const form = new URLSearchParams([
      ['_from', '/admin/orders'],
      ['action', 'confirm'],
      ...ids.map((id) => ['ids', String(id)] as [string, string]),
      // The list draws a version for every row, ticked or not.
      ...Object.entries(versions).map(([id, v]) => ['versions', `${id}:${v}`] as [string, string]),
      ['versions', '999999999:1'],
    ]);
    const res = await request(listApiRoutes(), '/api/v1/admin/orders/bulk', {
      method: 'POST',
      headers: { accept: 'text/html', origin: 'http://127.0.0.1:4321', cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/orders');
    const flash = decodeURIComponent(res.headers.get('set-cookie') ?? '');
    const rows = await rowsOf(ids);
    expect(flash).toContain(`Skipped, changed since you loaded the list: ${rows[ids[1]!]!.no}`);
    expect([rows[ids[0]!]!.status, rows[ids[1]!]!.status]).toEqual(['confirmed', 'pending']);
  });

  it('broken versions are 422 with a clear message; without versions (a JSON client) the orders are acted on as they are', async () => {
    const id = await makeOrder(store);
    const bad = await json(await api('/api/v1/admin/orders/bulk', owner, { body: { ids: [id], action: 'confirm', versions: ['x:1'] } }));
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('The list’s order versions are broken. Reload the list and try again.');
    expect((await api('/api/v1/admin/orders/bulk', owner, { body: { ids: [id], action: 'confirm' } })).status).toBe(200);
  });

  it('two operators run one bulk action at once from one list: each order is confirmed once, the second is told to reload', async () => {
    const ids = [await makeOrder(store), await makeOrder(store), await makeOrder(store)];
    const versions = await listed(ids);
    const before = await lastAuditId();
    const answers = await Promise.all(
      [owner, other].map(async (who) => json(await api('/api/v1/admin/orders/bulk', who, { body: { ids, action: 'confirm', versions } }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)!.data.orders).toHaveLength(3);
    const rows = await rowsOf(ids);
    expect(ids.map((id) => rows[id]!.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    // One history row per order: nothing was confirmed twice.
    const entries = await auditSince(before);
    expect(entries.filter((e) => e.action === 'orders.bulk')).toHaveLength(1);
  });
});
