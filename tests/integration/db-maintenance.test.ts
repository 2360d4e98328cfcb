import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB, useTestDatabase } from '../setup/db';
import { queryRows } from '@/server/db/client';
import { maintainEmbedded, startEmbeddedMaintenance } from '@/server/db/maintenance';

const test = useTestDatabase();

/**
 * The embedded database has no autovacuum: the server vacuums it (db/maintenance.ts) so that dead rows go, the
 * statistics stay fresh and pages are marked all-visible (a listing's count then reads an index, issue 39).
 * PostgreSQL vacuums itself: nothing is done there.
 */
describe('the embedded database kept vacuumed', () => {
  const visible = async (table: string) =>
    (
      await queryRows<{ pages: number; visible: number; tuples: number }>(
        test.current().database.db,
        sql`select relpages::int as pages, relallvisible::int as visible, reltuples::float8 as tuples from pg_class where relname = ${table}`,
      )
    )[0]!;

  it('vacuums (and analyzes when asked) on the embedded database, and leaves PostgreSQL to its autovacuum', async () => {
    const { database } = test.current();
    await database.db.execute(sql`create table maintenance_probe (id integer primary key, note text)`);
    await database.db.execute(sql`insert into maintenance_probe select g, repeat('x', 200) from generate_series(1, 2000) g`);
    await database.db.execute(sql`update maintenance_probe set note = note || 'y' where id % 2 = 0`);
    expect((await visible('maintenance_probe')).visible).toBe(0);
    const done = await maintainEmbedded(database, { analyze: true });
    expect(done).toBe(TEST_DB === 'pglite');
    if (TEST_DB === 'pglite') {
      const after = await visible('maintenance_probe');
      expect(after.pages).toBeGreaterThan(0);
      expect(after.visible).toBe(after.pages);
      expect(after.tuples).toBe(2000);
    }
  });

  it('runs on its timer in the server until stopped', async () => {
    const { database } = test.current();
    await database.db.execute(sql`create table maintenance_timer (id integer primary key)`);
    await database.db.execute(sql`insert into maintenance_timer select generate_series(1, 500)`);
    const stop = startEmbeddedMaintenance(database, 20, 2);
    try {
      if (TEST_DB === 'pglite') {
        // A run vacuums the new table: its rows counted and its pages marked all-visible.
        await expect.poll(async () => (await visible('maintenance_timer')).tuples, { timeout: 60_000, interval: 50 }).toBe(500);
        expect((await visible('maintenance_timer')).visible).toBeGreaterThan(0);
      }
    } finally {
      await stop();
    }
    if (TEST_DB === 'postgres') expect(await maintainEmbedded(database, { analyze: false })).toBe(false);
  });
});
