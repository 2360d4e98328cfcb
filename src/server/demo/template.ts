import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows, type Db } from '@/server/db/client';

/**
 * The demo shop made once, beside the build (scripts/demo-template.mjs): an embedded database already
 * migrated and seeded, copied into an empty data folder instead of creating, migrating and seeding one
 * there (PostgreSQL's initdb alone takes seconds in WebAssembly, the demo load many more; and the load's
 * WebAssembly memory, which never shrinks, stayed in the server for good). See docs/decisions/0036-memory.md.
 */
export interface DemoTemplate {
  /** The folder holding `pg/` (the database) and `stamp.json`. */
  dir: string;
  /** The `now` the demo was seeded with (ms): every date in it is relative to that moment. */
  seededAt: number;
}

/** Written into the data folder with the copy; its dates are moved to the present on the first open, then it goes. */
const DATES_FROM = 'demo-dates-from';

/**
 * Makes a template in `dir` (scripts/demo-template.ts, run by scripts/demo-template.mjs): an embedded database
 * in `dir/pg`, migrated and loaded with the demo shop as of `seededAt`, and `dir/stamp.json` saying from what
 * (`fingerprint`) and when. The back-office accounts are not in it: the server makes them at its first start
 * and prints them then.
 */
export async function makeDemoTemplate(dir: string, fingerprint: string, seededAt = Date.now()): Promise<DemoTemplate> {
  const { seedDemoIfEmpty } = await import('@/server/demo');
  const { maintainEmbedded } = await import('@/server/db/maintenance');
  const database = await openDatabase({ dataDir: dir, sharedBuffersMb: 32 });
  try {
    await migrateDatabase(database);
    await seedDemoIfEmpty(database.db, seededAt);
    // A shop starts from this copy: its statistics gathered and its pages marked all-visible (db/maintenance.ts).
    await maintainEmbedded(database, { analyze: true });
  } finally {
    await database.close();
  }
  fs.rmSync(path.join(dir, 'voltmart.lock'), { force: true });
  fs.writeFileSync(path.join(dir, 'stamp.json'), JSON.stringify({ fingerprint, seededAt }) + '\n');
  return { dir, seededAt };
}

/** The template in `dir` when it is whole (a database and its stamp), else null. */
export function readDemoTemplate(dir: string | undefined): DemoTemplate | null {
  if (!dir) return null;
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(dir, 'stamp.json'), 'utf8')) as { seededAt?: unknown };
    if (typeof stamp.seededAt !== 'number' || !fs.existsSync(path.join(dir, 'pg', 'PG_VERSION'))) return null;
    return { dir, seededAt: stamp.seededAt };
  } catch {
    return null;
  }
}

/**
 * Copies the template's database into `dataDir` when it has none yet (the caller holds the folder's lock).
 * The copy is made beside and renamed into place, so a crash half-way leaves no half database; the mark
 * telling its dates' age is written before the rename, so it is never missing for a copied database.
 * Returns whether it copied.
 */
export function copyDemoTemplate(dataDir: string, template: DemoTemplate): boolean {
  const target = path.join(dataDir, 'pg');
  if (fs.existsSync(target)) return false;
  const partial = `${target}.copying`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(path.join(template.dir, 'pg'), partial, { recursive: true });
  fs.writeFileSync(path.join(dataDir, DATES_FROM), String(template.seededAt));
  fs.renameSync(partial, target);
  return true;
}

/**
 * A copied demo's dates as if it had been seeded now: every timestamp column moved by the time since the
 * template was made (the demo's dates are all relative to its `now`: running flash sales, reviews' ages,
 * new arrivals). Date-only columns (the reports' days and months, empty in the demo) are left alone.
 * One transaction, with triggers off; the mark goes only after it committed. Returns the milliseconds moved, or null.
 */
export async function moveDemoDates(db: Db, dataDir: string, now = Date.now()): Promise<number | null> {
  const mark = path.join(dataDir, DATES_FROM);
  let from: number;
  try {
    from = Number(fs.readFileSync(mark, 'utf8'));
  } catch {
    return null;
  }
  const shift = Number.isFinite(from) ? now - from : 0;
  if (shift !== 0) {
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('timestamp with time zone', 'timestamp without time zone')
          order by table_name, ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
    const by = sql`(${shift}::double precision * interval '1 millisecond')`;
    await db.transaction(async (tx) => {
      // Only the dates move: no trigger runs (search documents, stock ledger, order versions, append-only logs).
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const [table, cols] of byTable) {
        const sets = sql.join(
          cols.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(c)} + ${by}`),
          sql`, `,
        );
        await tx.execute(sql`update ${sql.identifier(table)} set ${sets}`);
      }
    });
  }
  fs.rmSync(mark, { force: true });
  return shift;
}
