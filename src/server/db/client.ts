import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import * as schema from '@/server/db/schema';
import { lockDataDir } from '@/server/db/lock';
import { AS_TEXT_PARSERS, withoutParserMerge } from '@/server/db/pglite-parsers';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: services accept either so callers can compose them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs fn while this process holds a named lock that every process of the shop shares. */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: LISTEN on a channel (one connection kept for it, reconnected when lost; `onListen`
   * runs each time it is listening again) and NOTIFY every process listening on it. The embedded
   * database has one process, so it has neither.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  notify?(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

let pgliteModule: Promise<WebAssembly.Module | undefined> | undefined;
/**
 * PostgreSQL's WebAssembly compiled once per process and shared by every embedded database it opens. PGlite alone
 * compiles `pglite.wasm` (9 MB) at each open; a process that opens many — a test worker opens one per test file, a
 * backup's restore a second — then compiles and frees its machine code again and again, which Node 24's V8 has been
 * seen to abort on (`Check failed: jit_page.has_value()`, nodejs/node#64500: PGlite instances created and freed in one
 * process). The server opens one and loses nothing. Undefined when the file cannot be found: PGlite then loads it.
 */
export function compiledPglite(): Promise<WebAssembly.Module | undefined> {
  pgliteModule ??= (async () => {
    try {
      const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
      return await WebAssembly.compile(await fs.promises.readFile(path.join(path.dirname(entry), 'pglite.wasm')));
    } catch {
      return undefined;
    }
  })();
  return pgliteModule;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string;
  /** Directory of the embedded database; `memory://` for a throwaway one. */
  dataDir?: string;
  pool?: number;
  /** A `dumpDataDir()` tarball to start an in-memory database from (tests copy one migrated template). */
  loadDataDir?: Blob;
  /**
   * The embedded database's page cache in MB (shared_buffers; PGlite's own default is 128 MB). Its pages live
   * in the WebAssembly memory, which never shrinks, so this bounds the largest part of the process's memory;
   * the files stay in the system's cache besides. `auto`: sized from the database's files (autoPageCacheMb).
   * Unset: PGlite's default (tests' in-memory databases, the seed).
   */
  sharedBuffersMb?: number | 'auto';
  /** Embedded database on disk: runs with the folder locked, before the database opens (boot copies the prebuilt demo in). */
  beforeOpen?: (dataDir: string) => void;
}

/** Folder holding drizzle-kit's SQL migrations, found from the source tree or the build. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'src/server/db/migrations');
    if (fs.existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
    const local = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(local, 'meta/_journal.json'))) return local;
    dir = path.dirname(dir);
  }
  return path.resolve('src/server/db/migrations');
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const client = postgres(opts.url, { max: opts.pool ?? 10, onnotice: () => {} });
    const db = drizzle({ client, schema }) as unknown as Db;
    // A session advisory lock lives on one connection, so hold a reserved one for its duration.
    const withLock = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      const conn = await client.reserve();
      try {
        await conn`select pg_advisory_lock(hashtext(${name}))`;
        try {
          return await fn();
        } finally {
          await conn`select pg_advisory_unlock(hashtext(${name}))`;
        }
      } finally {
        conn.release();
      }
    };
    return {
      db,
      kind: 'postgres',
      withLock,
      listen: async (channel, onNotify, onListen) => {
        const { unlisten } = await client.listen(channel, onNotify, onListen);
        return unlisten;
      },
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dataDir = opts.dataDir ?? './data';
  const memory = dataDir.startsWith('memory://');
  const release = memory ? () => {} : lockDataDir(dataDir);
  try {
    if (!memory) opts.beforeOpen?.(dataDir);
    const { PGlite } = await import('@electric-sql/pglite');
    const sharedBuffersMb =
      opts.sharedBuffersMb === 'auto' ? (memory ? undefined : autoPageCacheMb(path.join(dataDir, 'pg'))) : opts.sharedBuffersMb;
    const startParams = sharedBuffersMb ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] : undefined;
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    // pg_trgm corrects typed words in search (migration 0003); PostgreSQL ships it as a contrib extension.
    const extensions = { pg_trgm };
    // Dates and times as text, as drizzle reads them, set once (db/pglite-parsers.ts).
    const pgliteWasmModule = await compiledPglite();
    const client = memory
      ? await PGlite.create({ extensions, loadDataDir: opts.loadDataDir, parsers: AS_TEXT_PARSERS, startParams, pgliteWasmModule })
      : await PGlite.create(path.join(dataDir, 'pg'), { extensions, parsers: AS_TEXT_PARSERS, startParams, pgliteWasmModule });
    withoutParserMerge(client as unknown as Parameters<typeof withoutParserMerge>[0]);
    const db = drizzle({ client, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      // One process owns the directory (see lockDataDir), so there is nobody to wait for.
      withLock: (_name, fn) => fn(),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The embedded database's page cache when none is set: half the size of its files, in steps of 16 MB, at least
 * 32 MB (the demo's ~40 MB of files: the memory goal of issue 39) and at most 160 MB (100,000 products, ~360 MB of
 * files, where 160 drew the pages a guest asks afresh 1.1–1.7× faster than 32, search most, for ~140 MB more
 * resident memory; decision 0024, seventh round). Read once, when the database opens.
 */
export function autoPageCacheMb(pgDir: string): number {
  let bytes = 0;
  const base = path.join(pgDir, 'base');
  if (fs.existsSync(base)) {
    for (const entry of fs.readdirSync(base, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    }
  }
  return Math.min(160, Math.max(32, Math.round(bytes / 2 / 2 ** 20 / 16) * 16));
}

/** Applies every pending migration. On PostgreSQL an advisory lock keeps concurrent starts in line. */
export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await database.withLock('voltmart:migrate', () => migrate(database.db as never, { migrationsFolder: folder }));
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
  }
}

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

let current: Database | undefined;

/** Installs the database services use (boot, tests). */
export function setDatabase(database: Database | undefined): void {
  current = database;
}

/** The database of this process. */
export function getDb(): Db {
  if (!current) throw new Error('The database is not open yet: call ensureReady() (server) or setDatabase() (tests).');
  return current.db;
}

export function getDatabase(): Database | undefined {
  return current;
}
