import { z } from 'zod';
import { isSafeText, recordId } from '@/lib/schemas/fields';
import { ListQuerySchema } from '@/lib/schemas/backoffice';

export const REPLY_MAX = 2000;

/** The store's public reply to a review (`POST api/v1/seller/reviews/{id}/reply {reply}`). */
export const ReviewReplySchema = z.object({
  id: recordId('Review'),
  reply: z
    .string({ error: 'backoffice.replies.errors.empty' })
    .trim()
    .min(1, 'backoffice.replies.errors.empty')
    .max(REPLY_MAX, 'backoffice.replies.errors.long')
    .refine((v) => isSafeText(v, true), 'backoffice.replies.errors.unsafe'),
});

export const ReviewIdSchema = z.object({ id: recordId('Review') });

/** The store's reviews: `?q=&replied=yes|no&rating=&cursor=&per_page=`. */
export const StoreReviewsQuerySchema = ListQuerySchema.extend({
  replied: z.enum(['', 'yes', 'no'], { error: 'backoffice.replies.errors.filter' }).optional().default(''),
  rating: z
    .union([z.literal('').transform(() => null), z.coerce.number().int().min(1).max(5)], { error: 'backoffice.replies.errors.filter' })
    .optional()
    .default(null),
});
export type StoreReviewsQuery = z.output<typeof StoreReviewsQuerySchema>;
