import { z } from 'zod';
import { isSafeText, recordId, unsafeTextMessage } from '@/lib/schemas/fields';

/** The spec: up to 5 photos per review (each jpeg/png, at most 1000 KB: IMAGE_MESSAGE). */
export const REVIEW_MAX_IMAGES = 5;
export const REVIEW_MAX_CHARS = 2000;
export const RATING_MESSAGE = 'Rating must be a whole number of stars from 1 to 5.';

/** A form field or JSON value that may come once or many times: always a list. */
const list = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

/**
 * `rating-review/action` (multipart): `order_id`, `product_id`, `rating` 1–5, `review`, up to 5 `images[]`
 * (or `images`), and on an edit `remove_images[]`: ids of the review's photos to drop.
 */
const ReviewFields = z.object({
  order_id: recordId('Order'),
  product_id: recordId('Product'),
  rating: z.coerce.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  review: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: 'Review must be text' })
      .trim()
      .max(REVIEW_MAX_CHARS, `Review must be at most ${REVIEW_MAX_CHARS} characters`)
      .refine((v) => isSafeText(v, true), unsafeTextMessage('Review')),
  ),
  images: z.preprocess(list, z.array(z.unknown())),
  remove_images: z.preprocess(list, z.array(recordId('Photo')).max(50)),
});
/** PHP-style `images[]` and plain `images` name the same field. */
const bracketed = (body: unknown) => {
  if (typeof body !== 'object' || body === null) return body;
  const b = body as Record<string, unknown>;
  return { ...b, images: b.images ?? b['images[]'], remove_images: b.remove_images ?? b['remove_images[]'] };
};
export const ReviewActionSchema = z.preprocess(bracketed, ReviewFields);
export type ReviewActionInput = z.infer<typeof ReviewFields>;

/** `rating-review/find/{id}` (id: the order) with an optional `?product_id=` for one line. */
export const ReviewFindSchema = z.object({
  id: recordId('Order'),
  product_id: z.preprocess((v) => (v === '' ? undefined : v), recordId('Product').optional()),
});
