import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';
import { AuditQuerySchema } from '@/lib/schemas/backoffice';
import { eachAuditEntry, listAudit } from '@/server/audit/manage';
import { failure } from './cart-fixtures';

/**
 * audit/manage.ts called directly (issue 38, docs/mutation-testing.md run V6): the audit log's filters, each on
 * its own, the search with `%` and `_` read as themselves, keyset pages both ways, and the export that walks every
 * page. An empty shop with entries written here, so each figure is known.
 */
useTestDatabase();

const q = (query: Record<string, unknown> = {}) => AuditQuerySchema.parse(query);
const ids = async (query: Record<string, unknown>) => (await listAudit(q(query))).items.map((e) => e.id);

let e: number[] = [];
beforeAll(async () => {
  const rows = await getDb()
    .insert(auditLog)
    .values([
      {
        at: new Date('2026-03-01T10:00:00Z'),
        actorId: 1,
        actorEmail: 'ann@shop.test',
        role: 'owner',
        action: 'order.status',
        entity: 'order',
        entityId: '41',
        ip: '10.0.0.1',
        before: { status: 'pending' },
        after: { status: 'confirmed' },
      },
      {
        at: new Date('2026-03-01T23:59:59Z'),
        actorId: 2,
        actorEmail: 'bob@shop.test',
        role: 'staff',
        action: 'product.update',
        entity: 'product',
        entityId: '7',
        ip: null,
        before: null,
        after: { price: 100 },
      },
      {
        at: new Date('2026-03-02T00:00:00Z'),
        actorId: 1,
        actorEmail: 'ann@shop.test',
        role: 'owner',
        action: 'order.refund',
        entity: 'order',
        entityId: '42',
      },
      {
        at: new Date('2026-03-03T08:00:00Z'),
        actorId: 3,
        actorEmail: 'c_d@shop.test',
        role: 'staff',
        action: '100%_done',
        entity: 'setting',
        entityId: null,
      },
      {
        at: new Date('2026-03-04T08:00:00Z'),
        actorId: null,
        actorEmail: null,
        role: null,
        action: 'cli\\run',
        entity: 'order',
        entityId: '41',
      },
    ])
    .returning({ id: auditLog.id });
  e = rows.map((r) => r.id);
});

describe('listAudit', () => {
  it('shows every field of an entry, newest first', async () => {
    const page = await listAudit(q());
    expect(page.items.map((x) => x.id)).toEqual([...e].reverse());
    expect(page.next_cursor).toBeNull();
    expect(page.items.at(-1)).toEqual({
      id: e[0],
      at: '2026-03-01T10:00:00.000Z',
      actor_id: 1,
      actor_email: 'ann@shop.test',
      role: 'owner',
      action: 'order.status',
      entity: 'order',
      entity_id: '41',
      ip: '10.0.0.1',
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    expect(page.items[0]).toEqual({
      id: e[4],
      at: '2026-03-04T08:00:00.000Z',
      actor_id: null,
      actor_email: null,
      role: null,
      action: 'cli\\run',
      entity: 'order',
      entity_id: '41',
      ip: null,
      before: null,
      after: null,
    });
  });

  it('filters by entity, entity id, action and who, each on its own and together', async () => {
    expect(await ids({ entity: 'order' })).toEqual([e[4], e[2], e[0]]);
    expect(await ids({ entity_id: '41' })).toEqual([e[4], e[0]]);
    expect(await ids({ entity: 'order', entity_id: '42' })).toEqual([e[2]]);
    expect(await ids({ action: 'order.refund' })).toEqual([e[2]]);
    expect(await ids({ action: 'order' })).toEqual([]);
    expect(await ids({ actor_id: '1' })).toEqual([e[2], e[0]]);
    expect(await ids({ actor_id: '2' })).toEqual([e[1]]);
  });

  it('from and to are whole days, both included', async () => {
    expect(await ids({ from: '2026-03-02' })).toEqual([e[4], e[3], e[2]]);
    expect(await ids({ to: '2026-03-01' })).toEqual([e[1], e[0]]);
    expect(await ids({ from: '2026-03-01', to: '2026-03-01' })).toEqual([e[1], e[0]]);
    expect(await ids({ from: '2026-03-02', to: '2026-03-03' })).toEqual([e[3], e[2]]);
  });

  it("searches the actor's email and the action, any case, with %, _ and \\ read as themselves", async () => {
    expect(await ids({ q: 'ANN@' })).toEqual([e[2], e[0]]);
    expect(await ids({ q: 'REFUND' })).toEqual([e[2]]);
    expect(await ids({ q: '%' })).toEqual([e[3]]);
    expect(await ids({ q: '_' })).toEqual([e[3]]);
    expect(await ids({ q: 'c_d' })).toEqual([e[3]]);
    expect(await ids({ q: 'i\\r' })).toEqual([e[4]]);
    expect(await ids({ q: 'nobody' })).toEqual([]);
  });

  it('pages by id both ways, the next link only while more are left; a broken link is refused in words', async () => {
    const first = await listAudit(q({ per_page: 2 }));
    expect(first.items.map((x) => x.id)).toEqual([e[4], e[3]]);
    const second = await listAudit(q({ per_page: 2, cursor: first.next_cursor }));
    expect(second.items.map((x) => x.id)).toEqual([e[2], e[1]]);
    const third = await listAudit(q({ per_page: 2, cursor: second.next_cursor }));
    expect([third.items.map((x) => x.id), third.next_cursor]).toEqual([[e[0]], null]);
    const exact = await listAudit(q({ per_page: 5 }));
    expect(exact.next_cursor).toBeNull();

    const up = await listAudit(q({ per_page: 3, dir: 'asc' }));
    expect(up.items.map((x) => x.id)).toEqual([e[0], e[1], e[2]]);
    const upNext = await listAudit(q({ per_page: 3, dir: 'asc', cursor: up.next_cursor }));
    expect([upNext.items.map((x) => x.id), upNext.next_cursor]).toEqual([[e[3], e[4]], null]);

    const err = await failure(listAudit(q({ cursor: 'not-a-cursor' })));
    expect(err.message).toBe('This page link is broken. Start from the first page.');
  });
});

describe('eachAuditEntry (the CSV export)', () => {
  it('walks every page of the filtered entries, a hundred at a time, in order', async () => {
    const more = await getDb()
      .insert(auditLog)
      .values(
        Array.from({ length: 205 }, (_, i) => ({ action: `bulk.${i}`, entity: 'bulk', actorId: 9, at: new Date('2026-04-01T00:00:00Z') })),
      )
      .returning({ id: auditLog.id });
    const seen: number[] = [];
    for await (const entry of eachAuditEntry(q({ entity: 'bulk' }))) seen.push(entry.id);
    expect(seen).toEqual(more.map((r) => r.id).reverse());
    const none: number[] = [];
    for await (const entry of eachAuditEntry(q({ entity: 'nothing' }))) none.push(entry.id);
    expect(none).toEqual([]);
  });
});
