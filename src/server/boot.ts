import { getEnv, InvalidEnvError } from '@/server/core/env';
import { getDatabase, migrateDatabase, openDatabase, setDatabase } from '@/server/db/client';
import { DataDirLockedError } from '@/server/db/lock';
import { settleAfterAnswer } from '@/server/core/background';
import { testRoutesProblem } from '@/server/test-routes';
import { onShutdown } from '@/server/core/shutdown';
import { log } from '@/server/core/logger.mjs';
import { listenForChanges } from '@/server/core/invalidation';
import { isInstalled } from '@/server/core/install-config';
import { copyDemoTemplate, moveDemoDates, readDemoTemplate } from '@/server/demo/template';
import { publicOrigin } from '@/server/core/origin';
import { beginSetup, installedInDatabase, installing, onInstalled, setupWanted } from '@/server/install/wizard';

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
  if (getDatabase() || installing()) return;
  const unsafe = testRoutesProblem();
  if (unsafe) throw new Error(unsafe);
  if (setupWanted(env)) {
    if (!env.DATABASE_URL || !(await installedInDatabase(env.DATABASE_URL))) return startSetupMode(env.DATA_DIR);
    log.info('setup: the database says this shop is installed already, starting normally');
  }
  const demo = env.SEED === 'demo' && !isInstalled(env.DATA_DIR);
  // The demo shop made beside the build (scripts/demo-template.mjs), when current: copied into an empty data folder.
  const template = demo && !env.DATABASE_URL ? readDemoTemplate(process.env.VOLTMART_DEMO_TEMPLATE) : null;
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    pool: env.DATABASE_POOL,
    // Unset: sized from the database's files (db/client.ts autoPageCacheMb).
    sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB ?? 'auto',
    beforeOpen: template
      ? (dataDir) => {
          if (copyDemoTemplate(dataDir, template)) log.info({ from: template.dir }, 'demo: copied the prebuilt demo shop');
        }
      : undefined,
  });
  await migrateDatabase(database);
  setDatabase(database);
  if (database.kind === 'pglite') await moveDemoDates(database.db, env.DATA_DIR);
  // A shop installed by the wizard has what its operator chose: SEED=demo (the default) never adds to it.
  if (demo) {
    const { seedDemoIfEmpty } = await import('@/server/demo');
    const { describeDemoAccounts, ensureDemoAccounts } = await import('@/server/demo/accounts');
    await database.withLock('voltmart:seed', () => seedDemoIfEmpty(database.db));
    // The demo's back-office accounts, printed once when they are made (outside the JSON log, like the setup token).
    const accounts = await database.withLock('voltmart:seed', () => ensureDemoAccounts(database.db));
    if (accounts.length)
      process.stdout.write(`${describeDemoAccounts(accounts)}
`);
  }
  // Gateway keys entered in the back office, opened with SETTINGS_KEY (the environment's keys still win).
  const { loadStoredGatewayKeys } = await import('@/server/payments/stored-keys');
  await loadStoredGatewayKeys(database.db);
  // `npm run shop` (another process) builds mail links from the address this shop serves on.
  const { saveServedOrigin } = await import('@/server/ops/mail-origin');
  saveServedOrigin(env);
  // Online payments that never completed give their stock and voucher back after the operator's minutes.
  const { startExpirySweep } = await import('@/server/orders/expiry');
  const stopSweep = startExpirySweep();
  // Mail waiting in the outbox (this process's, another's, or one that died) goes out from every process.
  const { startMailSender } = await import('@/server/mail/sender');
  const stopMail = startMailSender();
  // Files written for a row that never committed are removed after a day (uploads/sweep.ts).
  const { startUploadSweep } = await import('@/server/uploads/sweep');
  const stopUploadSweep = startUploadSweep();
  // The embedded database has no autovacuum: vacuumed every hour, its statistics gathered every day (db/maintenance.ts).
  const { startEmbeddedMaintenance } = await import('@/server/db/maintenance');
  const stopMaintenance = startEmbeddedMaintenance(database);
  // On PostgreSQL, other processes' changes empty this one's caches at once (core/invalidation.ts).
  const unlisten = await listenForChanges(database);
  // Run by scripts/serve.mjs once requests in flight are done: mail queued after an answer goes out
  // before the database closes (an embedded database is then unlocked for the next start).
  onShutdown(async () => {
    stopSweep();
    stopUploadSweep();
    await settleAfterAnswer();
    await stopMail();
    await unlisten();
    await stopMaintenance();
    await database.close();
  });
}

/**
 * `--setup` on a shop that is not installed: no database is opened (step 2 of the wizard chooses it),
 * and the one-time setup token is printed on the console, outside the JSON log (whatever LOG_LEVEL
 * says, the person starting the server must see it; a log shipper need not keep it).
 */
function startSetupMode(dataDir: string): void {
  const token = beginSetup(dataDir);
  const url = `${publicOrigin()}/install`;
  process.stdout.write(
    `\n  Voltmart is not installed yet. Open ${url} and paste this one-time setup token:\n\n    SETUP TOKEN: ${token}\n\n`,
  );
  log.warn({ url }, 'setup: waiting for the install wizard (the setup token is printed above)');
  let unlisten: (() => Promise<void>) | undefined;
  // Once installed, this process serves the shop without a restart: it starts hearing other processes' changes.
  let stopSweep: (() => void) | undefined;
  let stopMaintenance: (() => Promise<unknown>) | undefined;
  onInstalled(async () => {
    unlisten = await listenForChanges(getDatabase()!);
    const { startExpirySweep } = await import('@/server/orders/expiry');
    const { saveServedOrigin } = await import('@/server/ops/mail-origin');
    const { startEmbeddedMaintenance } = await import('@/server/db/maintenance');
    saveServedOrigin();
    stopSweep = startExpirySweep();
    stopMaintenance = startEmbeddedMaintenance(getDatabase()!);
  });
  onShutdown(async () => {
    stopSweep?.();
    await settleAfterAnswer();
    await unlisten?.();
    await stopMaintenance?.();
    await getDatabase()?.close();
  });
}
