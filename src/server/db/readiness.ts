import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDatabase, migrationsFolder, queryRows } from '@/server/db/client';

export interface Readiness {
  ready: boolean;
  database: 'up' | 'down';
  kind: 'pglite' | 'postgres' | null;
  migrations: { applied: number; known: number };
  problem?: string;
}

/** Whether this process can serve: its database answers and has every migration this build knows. */
export async function checkReadiness(): Promise<Readiness> {
  const database = getDatabase();
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const known = journal.entries.length;
  if (!database)
    return { ready: false, database: 'down', kind: null, migrations: { applied: 0, known }, problem: 'The database is not open.' };
  try {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = row?.n ?? 0;
    const current = applied >= known;
    return {
      ready: current,
      database: 'up',
      kind: database.kind,
      migrations: { applied, known },
      ...(current ? {} : { problem: `${known - applied} migration(s) not applied yet.` }),
    };
  } catch (err) {
    return { ready: false, database: 'down', kind: database.kind, migrations: { applied: 0, known }, problem: (err as Error).message };
  }
}
