import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../setup/db';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { seedDemoIfEmpty } from '@/server/demo';
import { BackupError, createBackup, restoreBackup, type ShopLocation } from '@/server/ops/backup';
import { fingerprintDatabase } from '@/server/ops/fingerprint';
import { dropShopSchemas } from '@/server/ops/pg-tools';

/**
 * `npm run shop -- backup|restore` (issue 18): backup → wipe → restore gives the same data (the row
 * count of every table and a checksum over every row) and the same uploads, on the embedded database
 * (PGlite's dump of its directory) and on PostgreSQL (pg_dump / pg_restore, custom format).
 */
let dir: string;
let pg: TestDatabase | undefined;
let shop: ShopLocation;

const upload = (rel: string) => path.join(shop.dataDir, 'uploads', rel);
// Two connections: migrations and the seed hold an advisory lock on one while they work on the other.
const open = () => openDatabase({ url: shop.url, dataDir: shop.dataDir, pool: 2 });
async function fingerprint() {
  const database = await open();
  try {
    return await fingerprintDatabase(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-backup-test-'));
  if (TEST_DB === 'postgres') {
    pg = await createTestDatabase();
    await pg.database.close();
    shop = { url: pg.url!, dataDir: path.join(dir, 'data') };
  } else {
    shop = { dataDir: path.join(dir, 'data') };
  }
  const database = await open();
  await migrateDatabase(database);
  await seedDemoIfEmpty(database.db);
  await database.close();
  fs.mkdirSync(path.dirname(upload('avatars/a.png')), { recursive: true });
  fs.writeFileSync(upload('avatars/a.png'), 'first avatar');
}, 180_000);

afterAll(async () => {
  await pg?.drop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`backup and restore (${TEST_DB})`, () => {
  let file: string;
  let taken: Awaited<ReturnType<typeof createBackup>>;

  it('writes one file with the database, its fingerprint and the uploads', async () => {
    file = path.join(dir, 'shop.tar.gz');
    taken = await createBackup(shop, file);
    expect(taken).toMatchObject({ format: 'voltmart-backup', kind: TEST_DB === 'postgres' ? 'postgres' : 'pglite', uploads: 1 });
    expect(taken.fingerprint.tables.products).toBeGreaterThanOrEqual(250);
    expect(taken.fingerprint).toEqual(await fingerprint());
  }, 120_000);

  it('refuses to overwrite a shop that holds data unless told to', async () => {
    const database = await open();
    await database.db.insert(t.brands).values({ slug: 'after-the-backup', title: 'After the backup' });
    await database.close();
    fs.writeFileSync(upload('avatars/b.png'), 'second avatar');
    await expect(restoreBackup(shop, file, { replace: false })).rejects.toThrow(
      'already holds a shop. Restoring replaces all of its data: run the command again with --yes to do so.',
    );
    expect((await fingerprint()).tables.brands).toBe(taken.fingerprint.tables.brands! + 1);
  }, 120_000);

  it('replaces changed data with the backup’s: the same rows, checksum and uploads', async () => {
    const { restored } = await restoreBackup(shop, file, { replace: true });
    expect(restored).toEqual(taken.fingerprint);
    expect(await fingerprint()).toEqual(taken.fingerprint);
    expect(fs.readFileSync(upload('avatars/a.png'), 'utf8')).toBe('first avatar');
    expect(fs.existsSync(upload('avatars/b.png'))).toBe(false);
  }, 180_000);

  it('restores into a wiped shop', async () => {
    fs.rmSync(shop.dataDir, { recursive: true, force: true });
    if (shop.url) {
      const database = await open();
      await dropShopSchemas(database.db);
      await database.close();
    }
    const { restored } = await restoreBackup(shop, file, { replace: false });
    expect(restored.tables).toEqual(taken.fingerprint.tables);
    expect(restored.checksum).toBe(taken.fingerprint.checksum);
    expect(fs.readFileSync(upload('avatars/a.png'), 'utf8')).toBe('first avatar');
    // The restored database is a working shop: migrations are current and it opens again.
    const database = await open();
    await migrateDatabase(database);
    await database.close();
    expect(await fingerprint()).toEqual(taken.fingerprint);
  }, 180_000);

  it('says which database a backup belongs to, and what is not a backup', async () => {
    const other: ShopLocation = shop.url
      ? { dataDir: path.join(dir, 'other') }
      : { url: 'postgres://nobody@127.0.0.1:1/none', dataDir: path.join(dir, 'other') };
    await expect(restoreBackup(other, file, { replace: false })).rejects.toThrow(
      shop.url
        ? 'This backup is of a PostgreSQL database; restore it with DATABASE_URL set to an empty PostgreSQL database.'
        : 'This backup is of an embedded database; restore it without DATABASE_URL (into a DATA_DIR).',
    );
    if (!shop.url)
      await expect(createBackup({ dataDir: path.join(dir, 'nothing-here') }, path.join(dir, 'x.tar.gz'))).rejects.toThrow(
        `There is no embedded database in ${path.join(dir, 'nothing-here')} to back up (is DATA_DIR right?).`,
      );
    const junk = path.join(dir, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a tarball');
    await expect(restoreBackup(shop, junk, { replace: true })).rejects.toBeInstanceOf(BackupError);
  });
});
