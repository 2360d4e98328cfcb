import { afterAll, beforeAll } from 'vitest';
import postgres from 'postgres';
import { migrateDatabase, openDatabase, setDatabase, type Database } from '../../src/server/db/client';
import { clearMemos } from '../../src/server/cache/memo';

/** Which database integration tests run on: `pglite` (default) or `postgres` (TEST_DB=postgres). */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
/** Admin URL of the PostgreSQL server used when TEST_DB=postgres. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const name = `voltmart_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (err) {
    await admin.end();
    throw new Error(`TEST_DB=postgres but PostgreSQL at ${PG_ADMIN_URL} could not be used: ${(err as Error).message}`);
  }
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ url, pool: 8 });
  await migrateDatabase(database);
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
export function useTestDatabase(): { current: () => TestDatabase } {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await createTestDatabase();
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
