import fs from 'node:fs/promises';
import path from 'node:path';
import { getEnv, type Env } from '@/server/core/env';

/**
 * Where uploaded files live, behind one interface (docs/decisions/0029-mail-outbox-and-storage.md): the local disk
 * under DATA_DIR/uploads by default, or an S3-compatible object store (AWS S3, MinIO, Cloudflare R2…) when
 * S3_BUCKET is set, so that several machines on one PostgreSQL see the same pictures. Keys are relative paths
 * (`reviews/<content hash>.jpg`); a key is never written twice with other bytes, so every file is cached as immutable.
 */
export interface UploadStore {
  kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every key with its last change. */
  list(): Promise<{ key: string; modified: Date }[]>;
  /** Where a browser reads the file straight from the store (S3_PUBLIC_URL), or null: the app serves it. */
  publicUrl(key: string): string | null;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The files of DATA_DIR/uploads (or `root`). */
export function diskStore(root = path.resolve(getEnv().DATA_DIR, 'uploads')): UploadStore {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes, { mode: 0o644 });
    },
    async get(key) {
      return fs.readFile(fileOf(key)).catch(() => null);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const out: { key: string; modified: Date }[] = [];
      for (const e of entries) {
        if (!e.isFile()) continue;
        const file = path.join(e.parentPath, e.name);
        out.push({ key: path.relative(root, file).split(path.sep).join('/'), modified: (await fs.stat(file)).mtime });
      }
      return out;
    },
    publicUrl: () => null,
  };
}

/** An S3-compatible bucket through the official AWS SDK (loaded only when a bucket is configured). */
export async function s3Store(
  env: Pick<Env, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PUBLIC_URL'>,
): Promise<UploadStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const bucket = env.S3_BUCKET!;
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    // MinIO, s3rver and most others want the bucket in the path; AWS itself takes either.
    forcePathStyle: Boolean(env.S3_ENDPOINT),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };
  const publicBase = env.S3_PUBLIC_URL?.replace(/\/+$/, '');
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async list() {
      const out: { key: string; modified: Date }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, modified: o.LastModified ?? new Date(0) });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : null),
  };
}

let current: { signature: string; store: Promise<UploadStore> } | undefined;

/** The store this process's environment names (S3 when S3_BUCKET is set, else the disk); kept while the environment is unchanged. */
export function uploadStore(env: Env = getEnv()): Promise<UploadStore> {
  const signature = JSON.stringify([env.S3_BUCKET, env.S3_ENDPOINT, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_PUBLIC_URL, env.DATA_DIR]);
  if (current?.signature !== signature) {
    const store = env.S3_BUCKET ? s3Store(env) : Promise.resolve(diskStore(path.resolve(env.DATA_DIR, 'uploads')));
    current = { signature, store };
  }
  return current.store;
}
