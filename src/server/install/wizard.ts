import path from 'node:path';
import { AppError } from '@/server/core/errors';
import { getEnv, resetEnv } from '@/server/core/env';
import { isInstalled, writeInstallConfig } from '@/server/core/install-config';
import { log } from '@/server/core/logger.mjs';
import { getDatabase, migrateDatabase, openDatabase, setDatabase, type Database } from '@/server/db/client';
import { settings as settingsTable } from '@/server/db/schema';
import { checkPostgres } from '@/server/install/database-check';
import { checkPermissions, type PermissionCheck } from '@/server/install/permissions';
import { issueSetupToken, retireSetupToken } from '@/server/install/setup-token';

/**
 * The install wizard's progress (docs/decisions/0019). Setup mode runs in one process that has no
 * database until step 2 chooses one, so the progress lives here, in memory; what later starts need
 * (the PostgreSQL URL, "installed") goes to DATA_DIR/voltmart.json, and "installed" also into the
 * database's `settings` table.
 */
export type WizardStep = 'database' | 'permissions' | 'account' | 'demo';

interface WizardState {
  active: boolean;
  dataDir: string;
  kind?: 'embedded' | 'postgres';
  permissionsOk: boolean;
  operatorId?: number;
}

let state: WizardState = { active: false, dataDir: './data', permissionsOk: false };

/** Whether this start should show the wizard: asked for (`--setup`/SETUP=1) and not installed yet. */
export function setupWanted(env = getEnv()): boolean {
  if (!env.SETUP) return false;
  if (isInstalled(env.DATA_DIR)) {
    log.info('setup: this shop is installed already (DATA_DIR/voltmart.json), starting normally');
    return false;
  }
  return true;
}

/** Enters setup mode and returns the one-time token for the console. */
export function beginSetup(dataDir = getEnv().DATA_DIR): string {
  state = { active: true, dataDir, permissionsOk: false };
  return issueSetupToken();
}

/** True while the wizard runs: every other page waits for it, the install endpoints answer. */
export const installing = () => state.active;

/** The step the wizard is at (the token is checked before any of them). */
export function currentStep(): WizardStep {
  if (!state.kind) return 'database';
  if (!state.permissionsOk) return 'permissions';
  if (state.operatorId === undefined) return 'account';
  return 'demo';
}

/** What `GET api/v1/install/configured` says, and what the page shows. */
export function installStatus() {
  return {
    configured: false,
    step: currentStep(),
    database: state.kind ?? null,
    /** A URL from the environment (or saved earlier) decides the database; the page then offers only it. */
    database_from_env: Boolean(process.env.DATABASE_URL),
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs one step at a time: a double submit (a plain form clicked twice) must not open one embedded
 * directory twice, create two operators or load the demo shop twice.
 */
export function inTurn<T>(step: () => Promise<T>): Promise<T> {
  const run = queue.then(step, step);
  queue = run.catch(() => {});
  return run;
}

const earlierStepsFirst = () => new AppError({ code: 'CONFLICT', message: 'Complete the earlier steps of the install first.' });

/** Step 2: opens and migrates the embedded database or the PostgreSQL at `url`, after checking it. */
export function chooseDatabase(input: { kind: 'embedded' | 'postgres'; database_url?: string }) {
  return inTurn(() => openChosenDatabase(input));
}

async function openChosenDatabase(input: { kind: 'embedded' | 'postgres'; database_url?: string }) {
  if (state.operatorId !== undefined) throw earlierStepsDone();
  const fromEnv = process.env.DATABASE_URL;
  const kind = fromEnv ? 'postgres' : input.kind;
  const url = fromEnv ?? input.database_url;
  let version: string | undefined;
  // Checked before the database chosen earlier (if any) is let go: a refused URL changes nothing.
  if (kind === 'postgres') {
    const check = await checkPostgres(url!);
    if (!check.ok)
      throw new AppError({
        code: 'VALIDATION',
        message: check.message,
        details: { problem: check.problem, fields: { database_url: check.message } },
      });
    version = check.version;
  }
  // Closed first: the same embedded directory must never be open twice (two PGlite instances corrupt it).
  await getDatabase()
    ?.close()
    .catch(() => {});
  setDatabase(undefined);
  state.kind = undefined;
  state.permissionsOk = false;
  let database: Database;
  try {
    database =
      kind === 'postgres'
        ? await openDatabase({ url, pool: getEnv().DATABASE_POOL })
        : // The page cache the server opens it with afterwards (boot.ts), not PGlite's 128 MB.
          await openDatabase({ dataDir: state.dataDir, sharedBuffersMb: getEnv().PGLITE_SHARED_BUFFERS_MB ?? 'auto' });
  } catch (err) {
    throw new AppError({
      code: 'VALIDATION',
      message: `The embedded database could not be opened in ${path.resolve(state.dataDir)}: ${(err as Error).message}`,
    });
  }
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close().catch(() => {});
    log.error({ err }, 'setup: migrations failed');
    throw new AppError({
      code: 'VALIDATION',
      message: `The database answered but its tables could not be created: ${(err as Error).message}`,
    });
  }
  setDatabase(database);
  // Later starts find the URL here when DATABASE_URL is unset (core/env.ts); the embedded choice forgets an earlier URL.
  if (!fromEnv) writeInstallConfig(state.dataDir, { database_url: kind === 'postgres' ? url : undefined });
  resetEnv();
  state.kind = kind;
  return { kind, version };
}

const earlierStepsDone = () =>
  new AppError({ code: 'CONFLICT', message: 'The operator account exists already: the database can no longer be changed here.' });

/** Step 3 as the page shows it: every check, passed or not, with what to run to fix it. */
export const permissionReport = (): PermissionCheck[] => checkPermissions(state.dataDir);

/** Step 3: passes when DATA_DIR, uploads and mail are writable and there is room. */
export function confirmPermissions(): PermissionCheck[] {
  if (!state.kind) throw earlierStepsFirst();
  const checks = permissionReport();
  const failed = checks.filter((c) => !c.ok);
  if (failed.length)
    throw new AppError({
      code: 'VALIDATION',
      message: failed[0]!.message,
      form: failed.map((c) => c.message),
      details: { checks },
    });
  state.permissionsOk = true;
  return checks;
}

/** Step 4 is done: the operator's id (written by install/operator.ts). */
export function operatorCreated(id: number): void {
  state.operatorId = id;
}

export function requireStep(step: WizardStep): void {
  const order: WizardStep[] = ['database', 'permissions', 'account', 'demo'];
  if (order.indexOf(currentStep()) < order.indexOf(step)) throw earlierStepsFirst();
  if (step === 'account' && state.operatorId !== undefined)
    throw new AppError({ code: 'CONFLICT', message: 'The operator account exists already.' });
}

const installedHooks: (() => Promise<void>)[] = [];

/** Runs `hook` when the install completes (boot: start what a running shop needs). */
export function onInstalled(hook: () => Promise<void>): void {
  installedHooks.push(hook);
}

/** Step 5 done: marks the shop installed (file and database), forgets the token, leaves setup mode. */
export async function completeInstall(now = new Date()): Promise<void> {
  requireStep('demo');
  const db = getDatabase()!.db;
  await db
    .insert(settingsTable)
    .values({ key: 'installed', value: { at: now.toISOString(), operator_user_id: state.operatorId } })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: { at: now.toISOString(), operator_user_id: state.operatorId } } });
  writeInstallConfig(state.dataDir, { installed_at: now.toISOString() });
  retireSetupToken();
  state = { active: false, dataDir: state.dataDir, permissionsOk: false };
  for (const hook of installedHooks.splice(0)) await hook();
  log.info('setup: the install is complete; the install wizard is gone');
}

/**
 * Whether the PostgreSQL at `url` says a wizard finished there (its `settings` row `installed`): a
 * second process on one PostgreSQL, or a lost voltmart.json, must not offer the wizard again.
 */
export async function installedInDatabase(url: string): Promise<boolean> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, connect_timeout: 5, idle_timeout: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from settings where key = 'installed'`;
    return rows.length > 0;
  } catch {
    return false; // unreachable, or no tables yet: the wizard's database step will say what is wrong
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** Leaves setup mode without installing (tests; a restart does the same). */
export function resetWizard(): void {
  retireSetupToken();
  state = { active: false, dataDir: './data', permissionsOk: false };
}
