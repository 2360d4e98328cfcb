import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadSharp } from '@/server/uploads/sharp';
import { getEnv } from '@/server/core/env';
import { imageError, type ImageType } from '@/server/uploads/images';
import { uploadStore } from '@/server/uploads/store';

/** Public URL prefix of uploaded files; they live in the upload store (uploads/store.ts: DATA_DIR/uploads or S3). */
export const UPLOADS_URL = '/uploads/';

/**
 * Writes a file to the upload store under `folder`, named by its content hash (plus a few random bytes, so that
 * removing one row's file never takes another's identical one): a name never holds other bytes, so it is cached
 * as immutable. Written before the row that names it is committed; a file whose row never came is swept later.
 */
export async function putUpload(folder: string, bytes: Buffer, ext: 'jpg' | 'png', prefix = ''): Promise<string> {
  // 24 hex digits, as before: 18 of the content's SHA-256, then 6 random.
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 18);
  const key = `${folder}/${prefix}${hash}${randomBytes(3).toString('hex')}.${ext}`;
  await (await uploadStore()).put(key, bytes, CONTENT_TYPES[`.${ext}`]!);
  return `${UPLOADS_URL}${key}`;
}
const AVATAR_SIZE = 256;

export const uploadsRoot = () => path.resolve(getEnv().DATA_DIR, 'uploads');

/**
 * Re-encodes an avatar with sharp (square, 256 px, metadata stripped, so a crafted file never
 * reaches other browsers as it was sent) and stores it; returns its public URL.
 */
export async function saveAvatar(bytes: Buffer, type: ImageType): Promise<string> {
  const sharp = await loadSharp();
  let out: Buffer;
  try {
    const img = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' });
    out = type === 'png' ? await img.png({ compressionLevel: 9 }).toBuffer() : await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    // Right magic bytes but not a decodable image.
    throw imageError();
  }
  return putUpload('avatars', out, type === 'png' ? 'png' : 'jpg');
}

/** Re-encodes the shop's logo (at most 480×160, aspect kept, metadata stripped) and stores it; returns its public URL. */
export async function saveLogo(bytes: Buffer, type: ImageType): Promise<string> {
  const sharp = await loadSharp();
  let out: Buffer;
  try {
    const img = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(480, 160, { fit: 'inside', withoutEnlargement: true });
    out = type === 'png' ? await img.png({ compressionLevel: 9 }).toBuffer() : await img.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  } catch {
    throw imageError();
  }
  return putUpload('brand', out, type === 'png' ? 'png' : 'jpg', 'logo-');
}

/** Removes a file we stored (a public /uploads/ URL); anything else (demo images, external URLs) is left alone. */
export async function removeUpload(url: string | null | undefined): Promise<void> {
  if (!url?.startsWith(UPLOADS_URL)) return;
  const key = uploadKey(url.slice(UPLOADS_URL.length));
  if (key) await (await uploadStore()).delete(key);
}

const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** The store key of an upload path ("avatars/x.png"), or null when it escapes the store or has an unknown type. */
export function uploadKey(relative: string): string | null {
  if (!relative || relative.includes('\0') || relative.includes('\\')) return null;
  // Normalising against "/" first drops every "..", so the key stays inside the store.
  const key = path.posix.normalize(`/${relative}`).replace(/^\/+/, '');
  if (!key || !CONTENT_TYPES[path.posix.extname(key).toLowerCase()]) return null;
  return key;
}

/** The absolute file of an upload path on the local disk store, or null when it escapes the folder or has an unknown type. */
export function resolveUpload(relative: string): string | null {
  const key = uploadKey(relative);
  if (!key) return null;
  const root = uploadsRoot();
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Reads an uploaded file for the /uploads route: bytes and content type, or null when absent. */
export async function readUpload(relative: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const key = uploadKey(relative);
  if (!key) return null;
  const bytes = await (await uploadStore()).get(key);
  return bytes ? { bytes, contentType: CONTENT_TYPES[path.posix.extname(key).toLowerCase()]! } : null;
}

/** Where a browser may read an upload straight from the object store (S3_PUBLIC_URL), or null. */
export async function publicUploadUrl(relative: string): Promise<string | null> {
  const key = uploadKey(relative);
  return key ? (await uploadStore()).publicUrl(key) : null;
}
