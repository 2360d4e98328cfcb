import { AppError } from '@/server/core/errors';
import { IMAGE_MAX_KB, IMAGE_MESSAGE } from '@/lib/schemas/account';

export type ImageType = 'jpeg' | 'png';
export const IMAGE_MAX_BYTES = IMAGE_MAX_KB * 1024;

/** The image type by its first bytes (never the file name or the claimed type), or null. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/** The spec's image message, tied to the form field that carried the file. */
const imageError = (field = 'avatar') =>
  new AppError({ code: 'VALIDATION', message: IMAGE_MESSAGE, details: { fields: { [field]: IMAGE_MESSAGE } } });

/** Checks an uploaded image (jpeg/png by magic bytes, ≤ 1000 KB) and returns its bytes and type. */
export async function readImageUpload(file: File, field = 'avatar'): Promise<{ bytes: Buffer; type: ImageType }> {
  if (file.size === 0 || file.size > IMAGE_MAX_BYTES) throw imageError(field);
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = sniffImage(bytes);
  if (!type) throw imageError(field);
  return { bytes, type };
}

/** An uploaded file from a parsed form, or null when the field is empty (no file chosen). */
export function fileOf(value: unknown): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

export { imageError };
