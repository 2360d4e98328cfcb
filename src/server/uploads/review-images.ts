import { loadSharp } from '@/server/uploads/sharp';
import { imageError, readImageUpload } from '@/server/uploads/images';
import { putUpload, removeUpload } from '@/server/uploads/storage';

/** Longest side of a stored review photo: enough for the enlarged view, small for a phone. */
const MAX_SIDE = 1600;

/** A checked and re-encoded photo, not yet on disk. */
export interface PreparedImage {
  bytes: Buffer;
  ext: 'jpg' | 'png';
}

/**
 * Checks a review photo (jpeg/png by its bytes, ≤ 1000 KB) and re-encodes it from its pixels: the
 * orientation is applied, then metadata (EXIF, GPS, comments) and anything after the image data are
 * gone, so a crafted file never reaches other shoppers as it was sent. Nothing is written.
 */
export async function prepareReviewImage(file: File): Promise<PreparedImage> {
  const { bytes, type } = await readImageUpload(file, 'images');
  const sharp = await loadSharp();
  try {
    const img = sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const out =
      type === 'png' ? await img.png({ compressionLevel: 9 }).toBuffer() : await img.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    return { bytes: out, ext: type === 'png' ? 'png' : 'jpg' };
  } catch {
    // The right first bytes, but not a decodable image.
    throw imageError('images');
  }
}

/** Writes prepared photos to the upload store under reviews/; returns their public URLs (all or none: a failure removes the ones written). */
export async function storeReviewImages(images: PreparedImage[]): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const image of images) urls.push(await putUpload('reviews', image.bytes, image.ext));
    return urls;
  } catch (err) {
    await removeUploads(urls);
    throw err;
  }
}

/** Removes stored files (only our own /uploads/ ones; demo photos stay). */
export async function removeUploads(urls: string[]): Promise<void> {
  await Promise.all(urls.map((u) => removeUpload(u).catch(() => {})));
}
