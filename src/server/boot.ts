import { getEnv, InvalidEnvError } from '@/server/core/env';
import { getDatabase, migrateDatabase, openDatabase, setDatabase } from '@/server/db/client';
import { DataDirLockedError } from '@/server/db/lock';
import { settleAfterAnswer } from '@/server/core/background';
import { testRoutesProblem } from '@/server/test-routes';
import { onShutdown } from '@/server/core/shutdown';
import { log } from '@/server/core/logger.mjs';
import { listenForChanges } from '@/server/core/invalidation';

let ready: Promise<void> | undefined;

/**
 * Opens the database, migrates it and loads the demo shop into an empty one (SEED=demo).
 * Runs once per process; the first request waits for it. A failure stops the process:
 * a shop that cannot reach its data must not half-serve.
 */
export function ensureReady(): Promise<void> {
  ready ??= boot().catch((err) => {
    const known = err instanceof DataDirLockedError || err instanceof InvalidEnvError;
    // A known problem is told in words; anything else carries its stack (in `err`).
    if (known) log.fatal(`Voltmart could not start. ${(err as Error).message}`);
    else log.fatal({ err }, `Voltmart could not start: ${(err as Error).message ?? err}`);
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
  // On PostgreSQL, other processes' changes empty this one's caches at once (core/invalidation.ts).
  const unlisten = await listenForChanges(database);
  // Run by scripts/serve.mjs once requests in flight are done: mail queued after an answer goes out
  // before the database closes (an embedded database is then unlocked for the next start).
  onShutdown(async () => {
    await settleAfterAnswer();
    await unlisten();
    await database.close();
  });
}
