import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { getEnv } from '@/server/core/env';
import { imageError, type ImageType } from '@/server/uploads/images';

/** Public URL prefix of uploaded files; they live under DATA_DIR/uploads. */
export const UPLOADS_URL = '/uploads/';
const AVATAR_SIZE = 256;

export const uploadsRoot = () => path.resolve(getEnv().DATA_DIR, 'uploads');

/**
 * Re-encodes an avatar with sharp (square, 256 px, metadata stripped, so a crafted file never
 * reaches other browsers as it was sent) and stores it; returns its public URL.
 */
export async function saveAvatar(bytes: Buffer, type: ImageType): Promise<string> {
  let out: Buffer;
  try {
    const img = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' });
    out = type === 'png' ? await img.png({ compressionLevel: 9 }).toBuffer() : await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    // Right magic bytes but not a decodable image.
    throw imageError();
  }
  const name = `${randomBytes(12).toString('hex')}.${type === 'png' ? 'png' : 'jpg'}`;
  const dir = path.join(uploadsRoot(), 'avatars');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), out, { mode: 0o644 });
  return `${UPLOADS_URL}avatars/${name}`;
}

/** Re-encodes the shop's logo (at most 480×160, aspect kept, metadata stripped) and stores it; returns its public URL. */
export async function saveLogo(bytes: Buffer, type: ImageType): Promise<string> {
  let out: Buffer;
  try {
    const img = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(480, 160, { fit: 'inside', withoutEnlargement: true });
    out = type === 'png' ? await img.png({ compressionLevel: 9 }).toBuffer() : await img.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  } catch {
    throw imageError();
  }
  const name = `logo-${randomBytes(8).toString('hex')}.${type === 'png' ? 'png' : 'jpg'}`;
  const dir = path.join(uploadsRoot(), 'brand');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), out, { mode: 0o644 });
  return `${UPLOADS_URL}brand/${name}`;
}

/** Removes a file we stored (a public /uploads/ URL); anything else (demo images, external URLs) is left alone. */
export async function removeUpload(url: string | null | undefined): Promise<void> {
  if (!url?.startsWith(UPLOADS_URL)) return;
  const file = resolveUpload(url.slice(UPLOADS_URL.length));
  if (file) await fs.rm(file, { force: true });
}

const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** The absolute file of an upload path ("/avatars/x.png"), or null when it escapes the folder or has an unknown type. */
export function resolveUpload(relative: string): string | null {
  if (!relative || relative.includes('\0') || relative.includes('\\')) return null;
  const root = uploadsRoot();
  // Normalising against "/" first drops every "..", so the result stays under the root.
  const file = path.resolve(root, path.posix.normalize(`/${relative}`).replace(/^\/+/, ''));
  if (!file.startsWith(root + path.sep)) return null;
  if (!CONTENT_TYPES[path.extname(file).toLowerCase()]) return null;
  return file;
}

/** Reads an uploaded file for the /uploads route: bytes and content type, or null when absent. */
export async function readUpload(relative: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const file = resolveUpload(relative);
  if (!file) return null;
  try {
    const bytes = await fs.readFile(file);
    return { bytes, contentType: CONTENT_TYPES[path.extname(file).toLowerCase()]! };
  } catch {
    return null;
  }
}
