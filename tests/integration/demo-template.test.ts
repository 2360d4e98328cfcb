import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, migrateDatabase, openDatabase, queryRows, type Database, type Tx } from '@/server/db/client';
import { copyDemoTemplate, makeDemoTemplate, moveDemoDates, readDemoTemplate } from '@/server/demo/template';
import { ensureDemoAccounts } from '@/server/demo/accounts';

// The fresh demo (seeded by the run's template, with its back-office accounts), what `npm start` once made in every
// new data folder; beside it, the prebuilt demo copied into an empty data folder as boot.ts does now.
useTestDatabase({ demo: true });

const DAY_MS = 86_400_000;
/**
 * The copy is opened as if 40 days after the template was made (PostgreSQL's own now() in the template cannot be
 * set back): every date must move by those 40 days; a column left behind is 40 days off.
 */
const LATER = 40 * DAY_MS;

let scratch: string;
let copied: Database;

/** Rows per table of the public schema. */
async function countsOf(db: Tx): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = row!.n;
  }
  return counts;
}

/** The latest value of every timestamp column, in ms (null for an empty one). */
async function latestDates(db: Tx): Promise<Record<string, number | null>> {
  const columns = await queryRows<{ t: string; c: string }>(
    db,
    sql`select table_name as t, column_name as c from information_schema.columns
        where table_schema = 'public' and data_type like 'timestamp%' order by 1, 2`,
  );
  const latest: Record<string, number | null> = {};
  for (const { t, c } of columns) {
    const [row] = await queryRows<{ at: string | null }>(
      db,
      sql`select (extract(epoch from max(${sql.identifier(c)})) * 1000)::text as at from ${sql.identifier(t)}`,
    );
    latest[`${t}.${c}`] = row?.at == null ? null : Number(row.at);
  }
  return latest;
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-demo-template-'));
  const made = await makeDemoTemplate(path.join(scratch, 'template'), 'test');
  const template = readDemoTemplate(made.dir);
  if (!template) throw new Error('the template was not readable');
  const dataDir = path.join(scratch, 'data');
  // As boot.ts: the copy is made with the data folder locked, before the database opens; then migrated and its dates moved.
  copied = await openDatabase({ dataDir, sharedBuffersMb: 32, beforeOpen: (dir) => void copyDemoTemplate(dir, template) });
  await migrateDatabase(copied);
  await moveDemoDates(copied.db, dataDir, Date.now() + LATER);
  await ensureDemoAccounts(copied.db);
});

afterAll(async () => {
  await copied?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the prebuilt demo shop copied into an empty data folder', () => {
  it('has the same rows in every table as a freshly seeded demo', async () => {
    const fresh = await countsOf(getDb());
    expect(fresh.products).toBeGreaterThanOrEqual(250);
    expect(await countsOf(copied.db)).toEqual(fresh);
  });

  it('has its dates moved to its first start, as if seeded then', async () => {
    const fresh = await latestDates(getDb());
    const copy = await latestDates(copied.db);
    expect(Object.keys(copy)).toEqual(Object.keys(fresh));
    // The run's demo was seeded minutes ago; an hour covers a slow machine, a missed column is 40 days off. The
    // back-office accounts (users, store_members: nothing else of the demo) are made at the start, not copied.
    for (const [column, at] of Object.entries(fresh)) {
      if (column.startsWith('users.') || column.startsWith('store_members.')) continue;
      if (at === null) expect(copy[column], column).toBeNull();
      else expect(Math.abs(copy[column]! - LATER - at), column).toBeLessThan(3_600_000);
    }
  });

  it('moves the dates once: the mark is gone and a second open leaves them', async () => {
    const before = await latestDates(copied.db);
    expect(await moveDemoDates(copied.db, path.join(scratch, 'data'))).toBeNull();
    expect(await latestDates(copied.db)).toEqual(before);
  });

  it('is not copied over a data folder that has a database', () => {
    const template = readDemoTemplate(path.join(scratch, 'template'))!;
    expect(copyDemoTemplate(path.join(scratch, 'data'), template)).toBe(false);
    expect(readDemoTemplate(path.join(scratch, 'nowhere'))).toBeNull();
  });
});
