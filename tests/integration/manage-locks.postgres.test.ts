import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB, useTestDatabase } from '../setup/db';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { sellers, stores, vouchers } from '@/server/db/schema';
import type { AuditRecord } from '@/server/core/action';
import { VoucherWriteSchema } from '@/lib/schemas/vouchers';
import { refuseApplication, setStoreOpen } from '@/server/sellers/manage';
import { saveVoucher, setVoucherActive } from '@/server/vouchers/manage';
import { failure } from './cart-fixtures';

/**
 * The row locks of sellers/manage.ts and vouchers/manage.ts (issue 38, docs/mutation-testing.md run AD), on
 * PostgreSQL: the embedded database runs one transaction at a time, so a lock removed survives there (this file is
 * left out of its run by vitest.config.ts). Each test holds a first change open, starts a second one on the same
 * row, waits until PostgreSQL reports it waiting on a lock, then lets the first commit: the second must read the
 * row as the first left it.
 */
useTestDatabase();

beforeAll(() => {
  // Fails, not skips, on the wrong database.
  expect(TEST_DB).toBe('postgres');
});

/** Runs `first` in a transaction kept open until `second` (started meanwhile) waits on a lock; then both settle. */
async function race<A, B>(first: (tx: Tx) => Promise<A>, second: (tx: Tx) => Promise<B>) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const firstDone = new Promise<void>((r) => (started = r));
  const one = getDb().transaction(async (tx) => {
    const out = await first(tx);
    started();
    await gate;
    return out;
  });
  await firstDone;
  const two = getDb().transaction((tx) => second(tx)).then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row!.n) > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  release();
  return { first: await one, second: await two };
}

const day = (d: string) => new Date(`${d}T00:00:00Z`);

describe('row locks', () => {
  it('an application refused twice at once: the second is refused in words, the first reason stays', async () => {
    const [app] = await getDb()
      .insert(sellers)
      .values({ name: 'Racer', email: 'racer@apply.test', shopName: 'Race Shop', status: 'verified' })
      .returning({ id: sellers.id });
    const { first, second } = await race(
      (tx) => refuseApplication(tx, app!.id, 'First reason'),
      (tx) => refuseApplication(tx, app!.id, 'Second reason'),
    );
    expect(first.application.refused_reason).toBe('First reason');
    const err = await failure(second.error ? Promise.reject(second.error) : Promise.resolve(second.value));
    expect([err.code, err.message]).toEqual(['CONFLICT', 'Only a waiting application can be refused.']);
    const [row] = await queryRows<{ refused_reason: string }>(getDb(), sql`select refused_reason from sellers where id = ${app!.id}`);
    expect(row!.refused_reason).toBe('First reason');
  });

  it('a store suspended twice at once: the second is refused in words, the first reason stays', async () => {
    const [store] = await getDb().insert(stores).values({ name: 'Race Store', slug: 'race-store' }).returning({ id: stores.id });
    const { first, second } = await race(
      (tx) => setStoreOpen(tx, store!.id, false, 'First reason'),
      (tx) => setStoreOpen(tx, store!.id, false, 'Second reason'),
    );
    expect(first.after.suspended_reason).toBe('First reason');
    const err = await failure(second.error ? Promise.reject(second.error) : Promise.resolve(second.value));
    expect([err.code, err.message]).toEqual(['CONFLICT', 'This store is suspended already.']);
    const [row] = await queryRows<{ suspended_reason: string }>(getDb(), sql`select suspended_reason from stores where id = ${store!.id}`);
    expect(row!.suspended_reason).toBe('First reason');
  });

  it('a voucher edited while it is being switched off: the edit audits the state the switch left', async () => {
    const [v] = await getDb()
      .insert(vouchers)
      .values({ code: 'RACE1', title: 'Race', priceType: 1, amount: 100, startsAt: day('2026-01-01'), endsAt: day('2099-01-01') })
      .returning({ id: vouchers.id });
    const audits: AuditRecord[] = [];
    const scope = { kind: 'any' } as const;
    const input = VoucherWriteSchema.parse({
      id: v!.id,
      code: 'RACE1',
      title: 'Race edited',
      price_type: '1',
      amount: '100',
      starts_at: '2026-01-01',
      ends_at: '2098-12-31',
    });
    const { second } = await race(
      (tx) => setVoucherActive({ id: v!.id, active: false }, { scope, tx, audit: () => {} }),
      (tx) => saveVoucher(input, { scope, tx, audit: (r) => audits.push(r) }),
    );
    expect(second.error).toBeNull();
    expect(second.value).toMatchObject({ title: 'Race edited', active: false });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ title: 'Race', active: false });
  });

  it('a voucher switched on while it is being switched off: the second switch audits the state the first left', async () => {
    const [v] = await getDb()
      .insert(vouchers)
      .values({ code: 'RACE2', title: 'Race', priceType: 1, amount: 100, startsAt: day('2026-01-01'), endsAt: day('2099-01-01') })
      .returning({ id: vouchers.id });
    const audits: AuditRecord[] = [];
    const scope = { kind: 'any' } as const;
    const { second } = await race(
      (tx) => setVoucherActive({ id: v!.id, active: false }, { scope, tx, audit: () => {} }),
      (tx) => setVoucherActive({ id: v!.id, active: true }, { scope, tx, audit: (r) => audits.push(r) }),
    );
    expect(second.error).toBeNull();
    expect(second.value).toMatchObject({ active: true });
    expect(audits).toEqual([{ entity: 'voucher', entityId: v!.id, before: { active: false }, after: { active: true } }]);
  });
});
