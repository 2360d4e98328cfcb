import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Db } from '@/server/db/client';
import { log } from '@/server/core/logger.mjs';
import { UPLOADS_URL } from '@/server/uploads/storage';
import { pictureSources } from '@/lib/picture-sources';
import { uploadStore, type UploadStore } from '@/server/uploads/store';

/** A file younger than this is never swept: its row may still be on its way (files are written before the row commits). */
const GRACE_MS = 24 * 3_600_000;
/** Columns that name uploaded files: avatars, logos, product and review pictures, and any such column added later. */
const FILE_COLUMN = '(avatar|logo|image|photo|picture|thumbnail|icon|banner)';

/** Every upload URL the database names (`/uploads/…`, as stored), from picture columns and the settings. */
export async function referencedUploads(db: Db = getDb()): Promise<Set<string>> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type = 'text' and column_name ~ ${FILE_COLUMN}`,
  );
  const found = new Set<string>();
  for (const c of columns) {
    const rows = await queryRows<{ v: string }>(
      db,
      sql`select distinct ${sql.identifier(c.column_name)} as v from ${sql.identifier(c.table_name)}
          where ${sql.identifier(c.column_name)} like ${`${UPLOADS_URL}%`}`,
    );
    for (const r of rows) found.add(r.v);
  }
  // Settings keep the logo (and more to come) inside JSON values.
  const settings = await queryRows<{ v: string }>(db, sql`select value::text as v from settings`);
  for (const r of settings) for (const m of r.v.matchAll(/\/uploads\/[^"\s\\]+/g)) found.add(m[0]);
  // A back-office product picture is named by its zoom-size fallback; its other sizes and formats sit beside it.
  for (const url of [...found]) {
    const sizes = pictureSources(url);
    if (sizes) for (const { webp, fallback } of Object.values(sizes)) found.add(webp).add(fallback);
  }
  return found;
}

/** Removes files no row names that are older than a day (an upload whose row never committed). Answers the keys removed. */
export async function sweepOrphanUploads(opts: { db?: Db; store?: UploadStore; now?: Date } = {}): Promise<string[]> {
  const store = opts.store ?? (await uploadStore());
  const now = (opts.now ?? new Date()).getTime();
  const referenced = await referencedUploads(opts.db);
  const removed: string[] = [];
  for (const { key, modified } of await store.list()) {
    if (now - modified.getTime() < GRACE_MS || referenced.has(`${UPLOADS_URL}${key}`)) continue;
    await store.delete(key);
    removed.push(key);
  }
  if (removed.length) log.info({ removed: removed.length }, 'uploads: orphaned files swept');
  return removed;
}

let timer: NodeJS.Timeout | undefined;

/** Sweeps every 6 hours in the server process (never keeps it alive); stop() on shutdown. */
export function startUploadSweep(everyMs = 6 * 3_600_000): () => void {
  timer ??= setInterval(() => {
    sweepOrphanUploads().catch((err: unknown) => log.error({ err }, 'uploads: the orphan sweep failed'));
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    timer = undefined;
  };
}
