import { defineAction } from '@/server/core/action';
import { signedInUser } from '@/server/core/actor';
import { ReviewActionSchema } from '@/lib/schemas/reviews';
import { saveReview } from '@/server/reviews/save';
import { ReviewIdSchema, ReviewVisibilitySchema } from '@/lib/schemas/moderation';
import { reportReview, setReviewVisibility } from '@/server/reviews/manage';
import { mailReviewAuthor } from '@/server/reviews/moderation-mail';

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

/** A moderator hides or shows a review (`POST api/v1/admin/reviews/{id}/visibility {visible, reason}`); the author is mailed why. */
export const setReviewVisibilityAction = defineAction({
  name: 'reviews.visibility',
  input: ReviewVisibilitySchema,
  auth: { can: 'update:content' },
  // The product page, its API, listings (rating sort) and search show the new rating and reviews at once.
  invalidates: ['catalog'],
  run: async (input, actor, { tx, audit }) => {
    const change = await setReviewVisibility(tx, input.id, input.visible, input.reason);
    audit({
      entity: 'review',
      entityId: input.id,
      before: { status: change.before },
      after: { status: change.review.status, reason: input.reason || null, product: change.product },
    });
    await mailReviewAuthor(tx, change.review, input.reason, actor);
    return change;
  },
  message: (c) => (c.review.status === 'hidden' ? 'backoffice.moderation.hidden' : 'backoffice.moderation.shown'),
  data: (c) => ({ id: c.review.id, status: c.review.status, product: { id: c.review.product_id, ...c.product } }),
});

/** A signed-in shopper reports a review (`POST api/v1/reviews/{id}/report`): one report each; back to the review. */
export const reportReviewAction = defineAction({
  name: 'reviews.report',
  input: ReviewIdSchema,
  auth: 'user',
  run: (input, actor) => reportReview(signedInUser(actor).id, input.id),
  message: (r) => (r.reported ? 'reviews.report.done' : 'reviews.report.already'),
});
