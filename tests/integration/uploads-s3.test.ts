import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../setup/db';
import { getEnv, resetEnv } from '@/server/core/env';
import { migrateDatabase, openDatabase, setDatabase, type Database } from '@/server/db/client';
import { diskStore, s3Store, uploadStore, type UploadStore } from '@/server/uploads/store';
import { storeReviewImages } from '@/server/uploads/review-images';
import { removeUpload, saveAvatar } from '@/server/uploads/storage';
import { sweepOrphanUploads } from '@/server/uploads/sweep';
import { preparePictures, storePictures } from '@/server/uploads/product-pictures';
import { pictureSources } from '@/lib/picture-sources';
import { createBackup, restoreBackup, type ShopLocation } from '@/server/ops/backup';
import { migrateUploads } from '@/server/ops/uploads-migrate';
import { GET } from '@/pages/uploads/[...path]';

/**
 * Uploads on an S3-compatible store (issue 37): s3rver, a fake S3 server started here, stands for AWS S3, MinIO or
 * R2. A picture written through one store instance is read by another (a second machine), served immutable by
 * the app or sent to S3_PUBLIC_URL; orphans are swept; backup and restore carry the store's files; files move
 * from the disk to the store and back.
 */
let dir: string;
let s3: S3rver;
let pg: TestDatabase | undefined;
let shop: ShopLocation;
let database: Database;

const png = (r: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g: 10, b: 10 } } })
    .png()
    .toBuffer();
const serve = async (url: string) =>
  GET({ params: { path: url.replace(/^\/uploads\//, '') } } as unknown as Parameters<typeof GET>[0]) as Promise<Response>;
/** Another machine's view of the same bucket: its own client, from the same settings. */
const otherMachine = () => s3Store(getEnv());

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-s3-test-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'voltmart' }],
  });
  const { port } = await s3.run();
  Object.assign(process.env, {
    DATA_DIR: path.join(dir, 'data'),
    S3_BUCKET: 'voltmart',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  delete process.env.S3_PUBLIC_URL;
  resetEnv();
  // A shop on disk (the embedded database in DATA_DIR, or a PostgreSQL database) that backup and restore can work on.
  if (TEST_DB === 'postgres') {
    pg = await createTestDatabase();
    await pg.database.close();
    shop = { url: pg.url!, dataDir: path.join(dir, 'data') };
  } else shop = { dataDir: path.join(dir, 'data') };
  database = await openDatabase({ url: shop.url, dataDir: shop.dataDir, pool: 2 });
  await migrateDatabase(database);
  setDatabase(database);
}, 180_000);

afterAll(async () => {
  setDatabase(undefined);
  await database?.close().catch(() => {});
  await pg?.drop().catch(() => {});
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('uploads on an S3-compatible store', () => {
  let photo: string;

  it('a photo stored through one machine is read by another and served immutable; S3_PUBLIC_URL sends browsers there', async () => {
    expect((await uploadStore()).kind).toBe('s3');
    photo = (await storeReviewImages([{ bytes: await png(200), ext: 'png' }]))[0]!;
    expect(photo).toMatch(/^\/uploads\/reviews\/[0-9a-f]{24}\.png$/);
    const key = photo!.slice('/uploads/'.length);
    expect(await (await otherMachine()).get(key)).toEqual(await png(200));
    // Nothing on this machine's disk.
    expect(fs.existsSync(path.join(shop.dataDir, 'uploads', key))).toBe(false);
    const res = await serve(photo!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(await png(200));
    expect((await serve('/uploads/reviews/nothing-here.png')).status).toBe(404);
    process.env.S3_PUBLIC_URL = 'https://cdn.example.com/voltmart/';
    resetEnv();
    const direct = await serve(photo!);
    expect(direct.status).toBe(301);
    expect(direct.headers.get('location')).toBe(`https://cdn.example.com/voltmart/${key}`);
    delete process.env.S3_PUBLIC_URL;
    resetEnv();
  });

  it('removes a replaced file, and sweeps files no row names once they are a day old', async () => {
    const avatar = await saveAvatar(await png(90), 'png');
    const orphan = await saveAvatar(await png(60), 'png');
    // Named by a row (the sweep reads picture columns and the settings' values).
    await database.db.execute(sql`insert into settings (key, value) values ('test_logo', to_jsonb(${avatar}::text))`);
    const gone = await saveAvatar(await png(30), 'png');
    await removeUpload(gone);
    const keys = async () => (await (await uploadStore()).list()).map((f) => `/uploads/${f.key}`);
    expect(await keys()).not.toContain(gone);
    // Today nothing is swept (a row may still be on its way); tomorrow the orphan is.
    expect(await sweepOrphanUploads()).toEqual([]);
    const removed = await sweepOrphanUploads({ now: new Date(Date.now() + 2 * 86_400_000) });
    expect(removed.map((k) => `/uploads/${k}`)).toContain(orphan);
    expect(removed.map((k) => `/uploads/${k}`)).toContain(photo); // the review photo's row was never written
    const left = await keys();
    expect(left).toContain(avatar);
    expect(left).not.toContain(orphan);
  });

  it('product pictures go to the store in every size, and the sweep keeps all sizes of a named picture', async () => {
    const file = (bytes: Buffer) => new File([new Uint8Array(bytes)], 'p.png', { type: 'image/png' });
    const [kept, dropped] = await storePictures(await preparePictures([file(await png(120)), file(await png(200))]));
    const sizesOf = (url: string) => Object.values(pictureSources(url)!).flatMap((s) => [s.webp, s.fallback]);
    const keys = async () => (await (await otherMachine()).list()).map((f) => `/uploads/${f.key}`);
    // Written to the bucket (another machine sees them), six files each: three sizes, WebP and the fallback.
    expect(await keys()).toEqual(expect.arrayContaining([...sizesOf(kept!), ...sizesOf(dropped!)]));
    await database.db.execute(sql`insert into settings (key, value) values ('test_product_picture', to_jsonb(${kept}::text))`);
    const removed = (await sweepOrphanUploads({ now: new Date(Date.now() + 2 * 86_400_000) })).map((k) => `/uploads/${k}`);
    expect(removed).toEqual(expect.arrayContaining(sizesOf(dropped!)));
    for (const url of sizesOf(kept!)) expect(removed).not.toContain(url);
  });

  it('a backup holds the store’s files; restored on a fresh data folder, the pictures come back', async () => {
    const avatar = await saveAvatar(await png(120), 'png');
    const bytes = await (await uploadStore()).get(avatar.slice('/uploads/'.length));
    setDatabase(undefined);
    await database.close();
    const file = path.join(dir, 'shop.tar.gz');
    const manifest = await createBackup(shop, file);
    expect(manifest.uploads).toBeGreaterThanOrEqual(1);
    // The bucket is lost.
    const store = await uploadStore();
    for (const { key } of await store.list()) await store.delete(key);
    expect(await store.list()).toEqual([]);
    const fresh: ShopLocation = { ...shop, dataDir: path.join(dir, 'fresh') };
    await restoreBackup(fresh, file, { replace: true });
    expect(await (await otherMachine()).get(avatar.slice('/uploads/'.length))).toEqual(bytes);
    database = await openDatabase({ url: fresh.url, dataDir: fresh.dataDir, pool: 2 });
    setDatabase(database);
  });

  it('uploads:migrate copies the disk’s files into the store and back', async () => {
    const disk: UploadStore = diskStore(path.join(dir, 'disk-uploads'));
    const s3only: UploadStore = await otherMachine();
    await disk.put('avatars/from-disk.png', await png(5), 'image/png');
    expect(await migrateUploads('s3', { disk, s3: s3only })).toContain('Copied 1 file');
    expect(await s3only.get('avatars/from-disk.png')).toEqual(await png(5));
    const back: UploadStore = diskStore(path.join(dir, 'disk-back'));
    const message = await migrateUploads('disk', { disk: back, s3: s3only });
    expect(message).toMatch(/Copied \d+ files?/);
    expect(await back.get('avatars/from-disk.png')).toEqual(await png(5));
    expect(await migrateUploads('s3', { disk, s3: s3only })).toContain('already there');
  });
});
