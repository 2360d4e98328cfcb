import { randomBytes } from 'node:crypto';
import { loadSharp, type Metadata } from '@/server/uploads/sharp';
import { AppError } from '@/server/core/errors';
import { removeUpload, UPLOADS_URL } from '@/server/uploads/storage';
import { uploadStore } from '@/server/uploads/store';
import { PICTURE_SIZES, pictureSources, type PictureSize } from '@/lib/picture-sources';

/**
 * The operators' product pictures: JPEG, PNG or WebP (known by their first bytes, never by the name or the claimed
 * type), at most PICTURE_MAX_MB each and PICTURE_MAX_PIXELS in all. Each is re-encoded from its pixels (orientation
 * applied; EXIF, GPS, comments and anything after the image data gone) into the storefront's sizes, in WebP and in
 * a JPEG (PNG for a picture with transparency) fallback.
 */
export const PICTURE_MAX_MB = 10;
export const PICTURE_MAX_BYTES = PICTURE_MAX_MB * 1024 * 1024;
/** A pixel bomb (a small file whose header claims a huge canvas) is refused before it is decoded. */
export const PICTURE_MAX_PIXELS = 40_000_000;
/** Room for ten 10 MB pictures, the other fields and the multipart framing. */
export const PICTURES_BODY_LIMIT = 10 * PICTURE_MAX_BYTES + 512 * 1024;

// The storefront's sizes (longest side, px): gallery thumbnails, product cards, the zoomed picture.
export { PICTURE_SIZES, pictureSources, type PictureSize } from '@/lib/picture-sources';

export const PICTURE_TYPE_MESSAGE = 'Pictures must be JPEG, PNG or WebP files of at most 10 MB each.';
export const PICTURE_PIXELS_MESSAGE = 'This picture has too many pixels: at most 40 megapixels (such as 8000 × 5000).';

type PictureType = 'jpeg' | 'png' | 'webp';

const refuse = (message: string) => new AppError({ code: 'VALIDATION', message, details: { fields: { images: message } } });

/** The picture's type by its first bytes, or null. */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** One picture checked and re-encoded, not yet on disk: per size, its WebP and its fallback. */
export interface PreparedPicture {
  fallback: 'jpg' | 'png';
  files: { size: PictureSize; webp: Buffer; fallback: Buffer }[];
}

/** Checks and re-encodes the uploaded pictures (all of them before anything is written); refusals say what is allowed. */
export async function preparePictures(files: unknown[]): Promise<PreparedPicture[]> {
  const out: PreparedPicture[] = [];
  for (const file of files) {
    if (!(file instanceof File)) {
      if (file === '' || file === null || file === undefined) continue;
      throw refuse(PICTURE_TYPE_MESSAGE);
    }
    if (file.size === 0) continue;
    if (file.size > PICTURE_MAX_BYTES) throw refuse(PICTURE_TYPE_MESSAGE);
    out.push(await preparePicture(Buffer.from(await file.arrayBuffer())));
  }
  return out;
}

async function preparePicture(bytes: Buffer): Promise<PreparedPicture> {
  const type = sniffPicture(bytes);
  if (!type) throw refuse(PICTURE_TYPE_MESSAGE);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(PICTURE_TYPE_MESSAGE);
  }
  // The header alone tells the canvas: a claimed 50,000 × 50,000 is refused without decoding a pixel.
  if (!meta.width || !meta.height || meta.width * meta.height > PICTURE_MAX_PIXELS) throw refuse(PICTURE_PIXELS_MESSAGE);
  const fallback = type === 'png' || (type === 'webp' && meta.hasAlpha) ? 'png' : 'jpg';
  try {
    const files: PreparedPicture['files'] = [];
    for (const [size, side] of Object.entries(PICTURE_SIZES) as [PictureSize, number][]) {
      const base = () =>
        sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS }).rotate().resize(side, side, { fit: 'inside', withoutEnlargement: true });
      const [webp, other] = await Promise.all([
        base().webp({ quality: 80 }).toBuffer(),
        fallback === 'png' ? base().png({ compressionLevel: 9 }).toBuffer() : base().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      ]);
      files.push({ size, webp, fallback: other });
    }
    return { fallback, files };
  } catch {
    // The right first bytes, but not a picture that decodes.
    throw refuse(PICTURE_TYPE_MESSAGE);
  }
}

/**
 * Writes prepared pictures under DATA_DIR/uploads/products (`<name>-<size>.webp` and `.jpg|.png` beside it) and
 * returns each one's stored URL: its zoom-size fallback, from which every other size is named (pictureSources).
 * All or none: a failure removes what was written.
 */
export async function storePictures(pictures: PreparedPicture[]): Promise<string[]> {
  const store = await uploadStore();
  const written: string[] = [];
  const urls: string[] = [];
  try {
    for (const picture of pictures) {
      const name = randomBytes(12).toString('hex');
      for (const f of picture.files) {
        for (const [ext, bytes] of [
          ['webp', f.webp],
          [picture.fallback, f.fallback],
        ] as const) {
          const key = `products/${name}-${f.size}.${ext}`;
          // Through the shop's one upload store: the disk, or the object store several machines share.
          await store.put(key, bytes, ext === 'webp' ? 'image/webp' : ext === 'png' ? 'image/png' : 'image/jpeg');
          written.push(`${UPLOADS_URL}${key}`);
        }
      }
      urls.push(`${UPLOADS_URL}products/${name}-zoom.${picture.fallback}`);
    }
    return urls;
  } catch (err) {
    await Promise.all(written.map((u) => removeUpload(u).catch(() => {})));
    throw err;
  }
}

/** Removes every file of stored pictures (only the shop's own uploads; demo pictures stay). */
export async function removePictures(urls: string[]): Promise<void> {
  const files = urls.flatMap((u) => {
    const s = pictureSources(u);
    return s ? Object.values(s).flatMap((v) => [v.webp, v.fallback]) : [u];
  });
  await Promise.all(files.map((u) => removeUpload(u).catch(() => {})));
}
