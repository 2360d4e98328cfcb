import { defineAction } from '@/server/core/action';
import { signedInUser } from '@/server/core/actor';
import { ReviewActionSchema } from '@/lib/schemas/reviews';
import { saveReview } from '@/server/reviews/save';

/** Room for 5 photos of 1000 KB each, the other fields and the multipart framing. */
export const REVIEW_BODY_LIMIT = 5 * 1024 * 1024 + 256 * 1024;

/** POST rating-review/action (multipart): the user's review of a line of their delivered order; sending again edits it. */
export const saveReviewAction = defineAction({
  name: 'reviews.save',
  input: ReviewActionSchema,
  auth: 'user',
  upload: { limit: REVIEW_BODY_LIMIT },
  run: (input, actor) => saveReview(signedInUser(actor), input),
  message: (saved) => (saved.created ? 'reviews.saved' : 'reviews.updated'),
  back: (saved) => `/user/order/${saved.order_id}/review#review-${saved.product_id}`,
});
