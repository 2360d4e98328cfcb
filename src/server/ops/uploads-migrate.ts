import path from 'node:path';
import { getEnv } from '@/server/core/env';
import { diskStore, s3Store, type UploadStore } from '@/server/uploads/store';

/**
 * `npm run shop -- uploads:migrate --to s3|disk`: copies every uploaded file from DATA_DIR/uploads into the
 * object store S3_BUCKET names, or back. Files already there are skipped, nothing is removed from the source
 * (remove it by hand once the shop serves from the new place). The stored URLs (`/uploads/…`) do not change.
 */
export async function migrateUploads(to: 'disk' | 's3', stores?: { disk: UploadStore; s3: UploadStore }): Promise<string> {
  const env = getEnv();
  if (!stores && !env.S3_BUCKET)
    throw new Error('Set S3_BUCKET (with S3_ENDPOINT, S3_REGION and the credentials) first: it names the object store.');
  const disk = stores?.disk ?? diskStore(path.resolve(env.DATA_DIR, 'uploads'));
  const s3 = stores?.s3 ?? (await s3Store(env));
  const [from, into] = to === 's3' ? [disk, s3] : [s3, disk];
  const there = new Set((await into.list()).map((f) => f.key));
  let copied = 0;
  let skipped = 0;
  for (const { key } of await from.list()) {
    if (there.has(key)) {
      skipped++;
      continue;
    }
    const bytes = await from.get(key);
    if (!bytes) continue;
    await into.put(key, bytes, key.endsWith('.png') ? 'image/png' : 'image/jpeg');
    copied++;
  }
  const where = to === 's3' ? `the bucket ${env.S3_BUCKET ?? ''}`.trim() : path.resolve(env.DATA_DIR, 'uploads');
  return `Copied ${copied} file${copied === 1 ? '' : 's'} to ${where}${skipped ? ` (${skipped} already there)` : ''}. ${
    to === 's3' ? 'Keep S3_BUCKET set from now on.' : 'Unset S3_BUCKET to serve them from the disk.'
  }`;
}
