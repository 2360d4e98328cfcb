import { getEnv, InvalidEnvError } from '@/server/core/env';
import { getDatabase, migrateDatabase, openDatabase, setDatabase } from '@/server/db/client';
import { DataDirLockedError } from '@/server/db/lock';
import { settleAfterAnswer } from '@/server/core/background';
import { testRoutesProblem } from '@/server/test-routes';

let ready: Promise<void> | undefined;

/**
 * Opens the database, migrates it and loads the demo shop into an empty one (SEED=demo).
 * Runs once per process; the first request waits for it. A failure stops the process:
 * a shop that cannot reach its data must not half-serve.
 */
export function ensureReady(): Promise<void> {
  ready ??= boot().catch((err) => {
    const known = err instanceof DataDirLockedError || err instanceof InvalidEnvError;
    const message = known
      ? `Voltmart could not start. ${(err as Error).message}`
      : `Voltmart could not start: ${(err as Error).stack ?? err}`;
    console.error(`\n${message}\n`);
    process.exit(1);
  });
  return ready;
}

async function boot(): Promise<void> {
  const env = getEnv(); // first: a bad environment stops the process before anything is served
  if (getDatabase()) return;
  const unsafe = testRoutesProblem();
  if (unsafe) throw new Error(unsafe);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, pool: env.DATABASE_POOL });
  await migrateDatabase(database);
  setDatabase(database);
  if (env.SEED === 'demo') {
    const { seedDemoIfEmpty } = await import('@/server/demo');
    await database.withLock('voltmart:seed', () => seedDemoIfEmpty(database.db));
  }
  const close = () => {
    // Mail queued after an answer goes out before the database closes.
    settleAfterAnswer().finally(() => database.close().finally(() => process.exit(0)));
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}
