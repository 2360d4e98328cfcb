import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { compiledPglite, migrationsFolder, openDatabase } from '@/server/db/client';
import { lockDataDir } from '@/server/db/lock';
import { fingerprintDatabase, hasTables, type Fingerprint } from '@/server/ops/fingerprint';
import { dropShopSchemas, pgDump, pgRestore } from '@/server/ops/pg-tools';
import { getEnv } from '@/server/core/env';
import { uploadStore, type UploadStore } from '@/server/uploads/store';

/**
 * Where the shop keeps its data: DATABASE_URL when set, else the embedded database in DATA_DIR. Uploads are in
 * DATA_DIR/uploads, or in the object store (`store`, by default the one S3_BUCKET names).
 */
export interface ShopLocation {
  url?: string;
  dataDir: string;
  store?: UploadStore;
}

/** The object store holding the uploads, or null when they are on the disk under DATA_DIR. */
async function objectStore(where: ShopLocation): Promise<UploadStore | null> {
  const store = where.store ?? (getEnv().S3_BUCKET ? await uploadStore() : null);
  return store?.kind === 's3' ? store : null;
}

/** Every file of the object store into `dir` (a backup's uploads/ folder); answers how many. */
async function downloadStore(store: UploadStore, dir: string): Promise<number> {
  let n = 0;
  for (const { key } of await store.list()) {
    const bytes = await store.get(key);
    if (!bytes) continue;
    const file = path.join(dir, ...key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    n++;
  }
  return n;
}

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png' };

/** The object store becomes the backup's uploads: every file put, then what the backup does not hold removed. */
async function replaceStore(store: UploadStore, from: string): Promise<void> {
  const keys = new Set<string>();
  const files = fs.existsSync(from) ? (fs.readdirSync(from, { recursive: true, withFileTypes: true }) as fs.Dirent[]) : [];
  for (const e of files) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    const key = path.relative(from, file).split(path.sep).join('/');
    await store.put(key, fs.readFileSync(file), TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream');
    keys.add(key);
  }
  for (const { key } of await store.list()) if (!keys.has(key)) await store.delete(key);
}

/** The backup's own description, stored in it as `manifest.json`. */
export interface BackupManifest {
  format: 'voltmart-backup';
  version: 1;
  kind: 'pglite' | 'postgres';
  created_at: string;
  migrations: number;
  uploads: number;
  fingerprint: Fingerprint;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const DB_FILE = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;

const uploadsOf = (dataDir: string) => path.join(dataDir, 'uploads');

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Writes one `.tar.gz` with the database and every upload. Embedded: PGlite's own dump of its data
 * directory, taken while this process holds the directory's lock (so the server must be stopped and
 * nothing writes meanwhile: the copy is consistent). PostgreSQL: `pg_dump --format=custom`, a
 * consistent snapshot even while the shop runs.
 */
export async function createBackup(where: ShopLocation, file: string): Promise<BackupManifest> {
  const kind = where.url ? 'postgres' : 'pglite';
  if (kind === 'pglite' && !fs.existsSync(path.join(where.dataDir, 'pg', 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${path.resolve(where.dataDir)} to back up (is DATA_DIR right?).`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-backup-'));
  try {
    const database = await openDatabase({ url: where.url, dataDir: where.dataDir, pool: 1 });
    let fingerprint: Fingerprint;
    try {
      fingerprint = await fingerprintDatabase(database.db);
      if (database.kind === 'pglite') {
        const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
        const dump = await client.dumpDataDir('gzip');
        fs.writeFileSync(path.join(staging, DB_FILE.pglite), Buffer.from(await dump.arrayBuffer()));
      } else {
        await pgDump(where.url!, path.join(staging, DB_FILE.postgres));
      }
    } finally {
      await database.close();
    }
    const uploads = uploadsOf(where.dataDir);
    const store = await objectStore(where);
    if (store) await downloadStore(store, path.join(staging, 'uploads'));
    else if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(staging, 'uploads'), { recursive: true });
    const manifest: BackupManifest = {
      format: 'voltmart-backup',
      version: 1,
      kind,
      created_at: new Date().toISOString(),
      migrations: migrationCount(),
      uploads: countFiles(path.join(staging, 'uploads')),
      fingerprint,
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ gzip: true, file, cwd: staging, portable: true }, fs.readdirSync(staging));
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function readBackup(file: string, into: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  try {
    await tar.extract({ file, cwd: into, strict: true });
  } catch (err) {
    throw new BackupError(`${file} is not a Voltmart backup (${(err as Error).message}).`);
  }
  const manifestFile = path.join(into, 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest) : undefined;
  if (manifest?.format !== 'voltmart-backup' || manifest.version !== 1) throw new BackupError(`${file} is not a Voltmart backup.`);
  return manifest;
}

/** What restoring did: the backup's description, and the fingerprint of the data as restored. */
export interface RestoreResult {
  manifest: BackupManifest;
  restored: Fingerprint;
}

/**
 * Replaces the shop's database and uploads with a backup's. A shop that already holds data is only
 * replaced when `replace` is set. Embedded: the directory is locked (the server must be stopped), the
 * old data is kept aside until the new one opens, then removed. PostgreSQL: the shop's schemas are
 * dropped and `pg_restore` recreates them in one transaction.
 */
export async function restoreBackup(where: ShopLocation, file: string, opts: { replace: boolean }): Promise<RestoreResult> {
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-restore-'));
  try {
    const manifest = await readBackup(file, unpacked);
    const kind = where.url ? 'postgres' : 'pglite';
    if (manifest.kind !== kind) {
      throw new BackupError(
        manifest.kind === 'pglite'
          ? 'This backup is of an embedded database; restore it without DATABASE_URL (into a DATA_DIR).'
          : 'This backup is of a PostgreSQL database; restore it with DATABASE_URL set to an empty PostgreSQL database.',
      );
    }
    if (kind === 'pglite') await restoreEmbedded(where.dataDir, path.join(unpacked, DB_FILE.pglite), opts);
    else await restorePostgres(where.url!, path.join(unpacked, DB_FILE.postgres), opts);
    const store = await objectStore(where);
    if (store) await replaceStore(store, path.join(unpacked, 'uploads'));
    else replaceUploads(where.dataDir, path.join(unpacked, 'uploads'));
    const database = await openDatabase({ url: where.url, dataDir: where.dataDir, pool: 1 });
    try {
      return { manifest, restored: await fingerprintDatabase(database.db) };
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

const notEmpty = (where: string) =>
  new BackupError(`${where} already holds a shop. Restoring replaces all of its data: run the command again with --yes to do so.`);

async function restoreEmbedded(dataDir: string, dump: string, opts: { replace: boolean }): Promise<void> {
  const release = lockDataDir(dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const aside = `${pgDir}.before-restore`;
  try {
    const exists = fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0;
    if (exists && !opts.replace) throw notEmpty(`The embedded database in ${path.resolve(dataDir)}`);
    fs.rmSync(aside, { recursive: true, force: true });
    if (exists) fs.renameSync(pgDir, aside);
    try {
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const client = await PGlite.create(pgDir, {
        extensions: { pg_trgm },
        loadDataDir: new Blob([fs.readFileSync(dump)]),
        pgliteWasmModule: await compiledPglite(),
      });
      await client.close();
    } catch (err) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      if (exists) fs.renameSync(aside, pgDir);
      throw new BackupError(`Could not restore the embedded database (nothing was changed): ${(err as Error).message}`);
    }
    fs.rmSync(aside, { recursive: true, force: true });
  } finally {
    release();
  }
}

async function restorePostgres(url: string, dump: string, opts: { replace: boolean }): Promise<void> {
  const database = await openDatabase({ url, pool: 1 });
  try {
    if (await hasTables(database.db)) {
      if (!opts.replace) throw notEmpty('This PostgreSQL database');
      await dropShopSchemas(database.db);
    }
  } finally {
    await database.close();
  }
  await pgRestore(url, dump);
}

/** The uploads folder becomes the backup's (the old one is removed only once the new one is in place). */
function replaceUploads(dataDir: string, from: string): void {
  const uploads = uploadsOf(dataDir);
  const aside = `${uploads}.before-restore`;
  fs.rmSync(aside, { recursive: true, force: true });
  if (fs.existsSync(uploads)) fs.renameSync(uploads, aside);
  if (fs.existsSync(from)) fs.cpSync(from, uploads, { recursive: true });
  fs.rmSync(aside, { recursive: true, force: true });
}
