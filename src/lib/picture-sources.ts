/**
 * The sizes a product picture uploaded in the back office is stored in (server/uploads/product-pictures.ts): a
 * stored URL names its zoom-size fallback (`/uploads/products/<name>-zoom.jpg`), and every size sits beside it in
 * WebP and in that fallback format. Pictures made elsewhere (the demo's, an import's URLs) have no sizes.
 */
export const PICTURE_SIZES = { thumb: 160, card: 400, zoom: 1200 } as const;
export type PictureSize = keyof typeof PICTURE_SIZES;

const STORED = /^(\/uploads\/products\/[a-f0-9]{24})-zoom\.(jpg|png)$/;

/** Every size of a stored picture, in WebP and its fallback; null for a picture not made by the back office. */
export function pictureSources(url: string | null | undefined): Record<PictureSize, { webp: string; fallback: string }> | null {
  const m = url ? STORED.exec(url) : null;
  if (!m) return null;
  const of = (size: PictureSize) => ({ webp: `${m[1]}-${size}.webp`, fallback: `${m[1]}-${size}.${m[2]}` });
  return { thumb: of('thumb'), card: of('card'), zoom: of('zoom') };
}

/** `srcset` values of a stored picture from `from` up (WebP and fallback), or null for a picture without sizes. */
export function pictureSrcsets(url: string | null | undefined, from: PictureSize = 'thumb'): { webp: string; fallback: string } | null {
  const sources = pictureSources(url);
  if (!sources) return null;
  const sizes = (Object.keys(PICTURE_SIZES) as PictureSize[]).slice((Object.keys(PICTURE_SIZES) as PictureSize[]).indexOf(from));
  const set = (kind: 'webp' | 'fallback') => sizes.map((s) => `${sources[s][kind]} ${PICTURE_SIZES[s]}w`).join(', ');
  return { webp: set('webp'), fallback: set('fallback') };
}
