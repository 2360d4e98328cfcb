import { z } from 'zod';
import { ListQuerySchema } from '@/lib/schemas/backoffice';
import { optionalText, recordId, requiredText } from '@/lib/schemas/fields';

/**
 * The inputs of the back office's moderation and inbox (issue 34): reviews, seller applications and stores,
 * contact messages and newsletter subscribers.
 */

/** An optional id filter of a list (`?product_id=`): '' or absent is none. */
const optionalId = (type: string) =>
  z
    .union([z.literal(''), recordId(type)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** A checkbox or `1`/`true` in a query string or a body. */
const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => v === true || v === 1 || v === 'on' || v === '1' || v === 'true');

export const ReviewsQuerySchema = ListQuerySchema.extend({
  status: z.enum(['', 'shown', 'hidden'], { error: 'Status must be shown or hidden' }).optional().default(''),
  reported: flag,
  rating: z
    .union([z.literal(''), z.coerce.number().int().min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  product_id: optionalId('Product'),
});
export type ReviewsQuery = z.output<typeof ReviewsQuerySchema>;

export const ReviewIdSchema = z.object({ id: recordId('Review') });

/** Hide or show a review: the reason is mailed to its author (required to hide). */
export const ReviewVisibilitySchema = z
  .object({
    id: recordId('Review'),
    visible: flag,
    reason: optionalText('Reason', 500).optional().default(''),
  })
  .refine((v) => v.visible || v.reason.length > 0, { message: 'Say why the review is hidden', path: ['reason'] });

export const SellersQuerySchema = ListQuerySchema.extend({
  status: z
    .enum(['', 'pending', 'verified', 'approved', 'rejected'], { error: 'This is not a status of a seller application' })
    .optional()
    .default(''),
});
export type SellersQuery = z.output<typeof SellersQuerySchema>;

export const SellerIdSchema = z.object({ id: recordId('Seller application') });

export const RefuseSellerSchema = z.object({
  id: recordId('Seller application'),
  reason: requiredText('Reason', 1000, { multiline: true }),
});

export const StoresQuerySchema = ListQuerySchema.extend({
  // `renaming`: a new name waits for the operator's approval (issue 35).
  status: z.enum(['', 'open', 'suspended', 'renaming'], { error: 'Status must be open or suspended' }).optional().default(''),
});
export type StoresQuery = z.output<typeof StoresQuerySchema>;

export const StoreIdSchema = z.object({ id: recordId('Store') });

export const SuspendStoreSchema = z.object({
  id: recordId('Store'),
  reason: requiredText('Reason', 500),
});

export const MessagesQuerySchema = ListQuerySchema.extend({
  status: z.enum(['', 'open', 'answered'], { error: 'Status must be open or answered' }).optional().default(''),
});
export type MessagesQuery = z.output<typeof MessagesQuerySchema>;

export const MessageIdSchema = z.object({ id: recordId('Message') });

export const AnswerMessageSchema = z.object({
  id: recordId('Message'),
  answer: requiredText('Answer', 5000, { multiline: true }),
});

export const SubscribersQuerySchema = ListQuerySchema.extend({
  status: z.enum(['', 'confirmed', 'pending', 'left'], { error: 'Status must be confirmed, pending or left' }).optional().default(''),
});
export type SubscribersQuery = z.output<typeof SubscribersQuerySchema>;
