import { loadSharp } from '@/server/uploads/sharp';
import type { Tx } from '@/server/db/client';
import { storedObjectIn, writeIn } from '@/server/settings/stored';
import { getSettings } from '@/server/settings/index';
import { SettingsSchema, SiteSettingSchema } from '@/lib/schemas/settings';
import { fileOf, imageError, readImageUpload } from '@/server/uploads/images';
import { putUpload, removeUpload } from '@/server/uploads/storage';

/**
 * The shop's pictures on the settings screen (`/admin/settings/pictures`): the header logo (site_setting
 * `header_logo`) and the footer's payment picture (`payment.image`); the top and popup banners' pictures too
 * (settings/notices.ts). An upload is a JPEG or PNG of at most 1000 KB
 * (known by its bytes), re-encoded from its pixels with sharp (orientation applied, metadata gone) into at most the
 * size the shop draws it at, then stored through the shop's one upload store (disk or S3), so every machine sees it.
 */
export const PICTURE_BOXES = {
  /** Drawn 36 px high, up to three times as wide; kept at 4× for sharp screens and the invoice. */
  header_logo: { width: 480, height: 160, prefix: 'logo-' },
  /** Drawn 240 × 40 in the footer. */
  payment_image: { width: 720, height: 120, prefix: 'payment-' },
  /** The top banner's picture, drawn 32 × 32. */
  top_image: { width: 96, height: 96, prefix: 'top-banner-' },
  /** The popup banner's picture, drawn up to 480 × 300. */
  popup_image: { width: 960, height: 600, prefix: 'popup-' },
} as const;
export type PictureField = keyof typeof PICTURE_BOXES;

const DEFAULTS = {
  header_logo: SiteSettingSchema.parse({}).header_logo,
  payment_image: SettingsSchema.shape.payment.parse({}).image,
};

export interface SitePicturesView {
  header_logo: string;
  payment_image: string;
  /** Whether each is the operator's own upload (else the shop's default picture). */
  uploaded: { header_logo: boolean; payment_image: boolean };
}

export const isUpload = (url: string) => url.startsWith('/uploads/');

/** The pictures the storefront shows now. */
export async function getSitePictures(): Promise<SitePicturesView> {
  const s = await getSettings();
  const view = { header_logo: s.site_setting.header_logo, payment_image: s.payment.image };
  return { ...view, uploaded: { header_logo: isUpload(view.header_logo), payment_image: isUpload(view.payment_image) } };
}

/** A checked and re-encoded picture, not yet stored. */
export interface PreparedSitePicture<F extends PictureField = PictureField> {
  field: F;
  bytes: Buffer;
  ext: 'jpg' | 'png';
}

/** Checks and re-encodes the form's file for `field`, or null when none was chosen; a bad file is refused on its field. */
export async function prepareSitePicture<F extends PictureField>(value: unknown, field: F): Promise<PreparedSitePicture<F> | null> {
  const file = fileOf(value);
  if (!file) return null;
  const { bytes, type } = await readImageUpload(file, field);
  const box = PICTURE_BOXES[field];
  const sharp = await loadSharp();
  try {
    const img = sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true });
    const out =
      type === 'png' ? await img.png({ compressionLevel: 9 }).toBuffer() : await img.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    return { field, bytes: out, ext: type === 'png' ? 'png' : 'jpg' };
  } catch {
    // The right first bytes, but not a picture that decodes.
    throw imageError(field);
  }
}

/**
 * Saves the pictures in the caller's transaction: an uploaded one is stored first (removed again if the rows fail),
 * a reset brings back the default. Answers before and after, and the replaced uploads to remove after the commit.
 */
export async function saveSitePictures(
  tx: Tx,
  input: { pictures: PreparedSitePicture<'header_logo' | 'payment_image'>[]; reset_logo: boolean; reset_payment: boolean },
): Promise<{ before: SitePicturesView; after: SitePicturesView; replaced: string[] }> {
  const site = await storedObjectIn(tx, 'site_setting');
  const payment = await storedObjectIn(tx, 'payment');
  const before = {
    header_logo: SiteSettingSchema.parse(site).header_logo,
    payment_image: SettingsSchema.shape.payment.parse(payment).image,
  };
  const next = { ...before };
  if (input.reset_logo) next.header_logo = DEFAULTS.header_logo;
  if (input.reset_payment) next.payment_image = DEFAULTS.payment_image;
  const written: string[] = [];
  try {
    for (const p of input.pictures) {
      const url = await putUpload('brand', p.bytes, p.ext, PICTURE_BOXES[p.field].prefix);
      written.push(url);
      next[p.field] = url;
    }
    await writeIn(tx, 'site_setting', { ...site, header_logo: next.header_logo });
    await writeIn(tx, 'payment', { ...payment, image: next.payment_image });
  } catch (err) {
    await Promise.all(written.map((u) => removeUpload(u).catch(() => {})));
    throw err;
  }
  const view = (v: typeof next): SitePicturesView => ({
    ...v,
    uploaded: { header_logo: isUpload(v.header_logo), payment_image: isUpload(v.payment_image) },
  });
  const replaced = (Object.keys(next) as (keyof typeof next)[])
    .filter((k) => next[k] !== before[k] && isUpload(before[k]))
    .map((k) => before[k]);
  return { before: view(before), after: view(next), replaced };
}
