import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import postgres from 'postgres';
import { openDatabase, setDatabase, type Database } from '@/server/db/client';
import { clearMemos } from '@/server/core/memo';
import { PG_ADMIN_URL, TEST_DB } from './test-db';

export { PG_ADMIN_URL, TEST_DB };

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Start from the demo shop (seedDemoIfEmpty, done once per run in the template), not an empty shop. */
  demo?: boolean;
}

/**
 * A fresh, migrated database, copied from the run's template (tests/setup/template.ts): in-memory
 * PGlite loaded from the template's tarball, or a new database on the PostgreSQL server.
 */
export async function createTestDatabase({ demo = false }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = inject(demo ? 'dbDemoTemplate' : 'dbTemplate');
  if (TEST_DB === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(template)]) });
    return { database, drop: () => database.close() };
  }
  const name = `voltmart_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} template ${template}`);
  } catch (err) {
    await admin.end();
    throw new Error(`TEST_DB=postgres but PostgreSQL at ${PG_ADMIN_URL} could not be used: ${(err as Error).message}`);
  }
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ url, pool: 8 });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Gives the current test file its own database, installed for the services (getDb). */
export function useTestDatabase(options: TestDatabaseOptions = {}): { current: () => TestDatabase } {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await createTestDatabase(options);
    setDatabase(test.database);
    clearMemos();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await test?.drop();
  });
  return {
    current: () => {
      if (!test) throw new Error('useTestDatabase(): the database is not ready yet (use it inside tests or hooks).');
      return test;
    },
  };
}
