import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orderLines, orders } from '@/server/db/schema';
import { useScratchOutbox } from './auth-helpers';
import { account, api, makeOrder, twoStores, type Account } from './backoffice-fixtures';

/**
 * "This order changed, reload" (issue 32): the order screen's actions carry the version the page was drawn at;
 * an action on an order that changed since (another operator, the shopper, a payment) is refused with 409 and
 * the current version — never a lost change.
 */
useTestDatabase({ demo: true });
useScratchOutbox();

let owner: Account;
let other: Account;
let store: number;

beforeAll(async () => {
  owner = await account(['owner']);
  other = await account(['staff'], ['update:order', 'refund:order']);
  [store] = await twoStores();
});

const json = async (res: Response) => ({ ...((await res.json()) as { message: string; data: any; details?: any }), status: res.status }); // eslint-disable-line @typescript-eslint/no-explicit-any
const versionOf = async (id: number, who: Account = owner) =>
  (await json(await api(`/api/v1/admin/orders/${id}`, who))).data.version as number;

describe('the order’s version', () => {
  it('is read with the order and rises with every change of the order, its shipments and its returns', async () => {
    const id = await makeOrder(store, { status: 'confirmed' });
    const v1 = await versionOf(id);
    expect(v1).toBeGreaterThanOrEqual(1);
    const [line] = await getDb().select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, id));
    await getDb().update(orderLines).set({ quantity: 2 }).where(eq(orderLines.id, line!.id));
    // A partial shipment leaves the order's own row as it was: the shipment's trigger moves the version on.
    const shipped = await api(`/api/v1/admin/orders/${id}/shipments`, owner, {
      body: { lines: [{ line_id: line!.id, quantity: 1 }], carrier: 'dhl', version: v1 },
    });
    expect(shipped.status, JSON.stringify(await shipped.clone().json())).toBe(200);
    const [row] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('confirmed');
    const v2 = await versionOf(id);
    expect(v2).toBeGreaterThan(v1);
    await getDb().update(orders).set({ note: 'changed elsewhere' }).where(eq(orders.id, id));
    expect(await versionOf(id)).toBeGreaterThan(v2);
  });

  it('two operators on one order: the second, drawn before the first acted, is told to reload; nothing is changed twice', async () => {
    const id = await makeOrder(store, { status: 'pending' });
    const drawn = await versionOf(id);
    const first = await json(await api(`/api/v1/admin/orders/${id}/status`, owner, { body: { status: 'confirmed', version: drawn } }));
    expect(first.status).toBe(200);
    const second = await json(
      await api(`/api/v1/admin/orders/${id}/status`, other, {
        body: { status: 'cancelled', note: 'The shopper asked to cancel', version: drawn },
      }),
    );
    expect(second.status).toBe(409);
    expect(second.message).toBe(
      'This order changed since you opened it (another operator, the shopper or a payment). Here it is as it is now: check it and try again.',
    );
    const [row] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('confirmed');
    // With the fresh version the second operator's move goes through.
    const fresh = await versionOf(id, other);
    const again = await json(
      await api(`/api/v1/admin/orders/${id}/status`, other, {
        body: { status: 'cancelled', note: 'The shopper asked to cancel', version: fresh },
      }),
    );
    expect(again.status).toBe(200);
  });

  it('at once on PostgreSQL and PGlite alike: of two actions drawn at one version, exactly one goes through', async () => {
    const id = await makeOrder(store, { status: 'pending' });
    const drawn = await versionOf(id);
    const answers = await Promise.all([
      api(`/api/v1/admin/orders/${id}/status`, owner, { body: { status: 'confirmed', version: drawn } }),
      api(`/api/v1/admin/orders/${id}/status`, other, {
        body: { status: 'cancelled', note: 'The shopper asked to cancel', version: drawn },
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('a refund’s replay (same Idempotency-Key) still answers the refund made, though the order changed with it', async () => {
    const id = await makeOrder(store, { status: 'delivered' });
    await getDb().update(orders).set({ paymentStatus: 1 }).where(eq(orders.id, id));
    const drawn = await versionOf(id);
    const key = `version-test-${id}-${Date.now()}`;
    const send = () =>
      api(`/api/v1/admin/orders/${id}/refunds`, owner, {
        body: { reason: 'Part', amount: 500, version: drawn },
        headers: { 'idempotency-key': key },
      });
    const made = await json(await send());
    expect(made.status).toBe(200);
    const replay = await json(await send());
    expect(replay.status).toBe(200);
    expect(replay.data.refund.id).toBe(made.data.refund.id);
    const stale = await json(
      await api(`/api/v1/admin/orders/${id}/refunds`, owner, {
        body: { reason: 'More', amount: 500, version: drawn },
        headers: { 'idempotency-key': `${key}-2` },
      }),
    );
    expect(stale.status).toBe(409);
  });

  it('without a version (a JSON client that sends none) the action acts on the order as it is; a broken one is 422', async () => {
    const id = await makeOrder(store, { status: 'pending' });
    expect((await api(`/api/v1/admin/orders/${id}/status`, owner, { body: { status: 'confirmed' } })).status).toBe(200);
    expect((await api(`/api/v1/admin/orders/${id}/status`, owner, { body: { status: 'cancelled', version: 'x' } })).status).toBe(422);
  });
});

describe('the orders list by day', () => {
  it('keeps to the days asked for (from and to), on PostgreSQL as on PGlite', async () => {
    const id = await makeOrder(store, { status: 'pending' });
    await getDb()
      .update(orders)
      .set({ createdAt: new Date('2021-06-15T12:00:00Z') })
      .where(eq(orders.id, id));
    const ids = async (q: string) =>
      ((await json(await api(`/api/v1/admin/orders?${q}`, owner))).data.items as { id: number }[]).map((o) => o.id);
    expect(await ids('from=2021-06-15&to=2021-06-15')).toEqual([id]);
    expect(await ids('from=2021-06-16&to=2021-06-20')).toEqual([]);
  });
});
