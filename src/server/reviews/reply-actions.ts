import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { ReviewIdSchema, ReviewReplySchema, StoreReviewsQuerySchema } from '@/lib/schemas/replies';
import { deleteReply, getStoreReview, listStoreReviews, saveReply } from '@/server/reviews/replies';

/** Reviews of the seller's products (`GET api/v1/seller/reviews`). */
export const storeReviewsList = defineQuery({
  name: 'replies.list',
  input: StoreReviewsQuerySchema,
  auth: { can: 'reply:review' },
  run: (input, _actor, scope) => listStoreReviews(input, scope),
});

/** One review of the seller's products with its reply (`GET api/v1/seller/reviews/{id}`); another store's is 404. */
export const storeReviewOne = defineQuery({
  name: 'replies.one',
  input: ReviewIdSchema,
  auth: { can: 'reply:review' },
  run: ({ id }, _actor, scope) => getStoreReview(id, scope),
});

/** The store's public reply to a review, new or edited (`POST api/v1/seller/reviews/{id}/reply {reply}`). */
export const saveReplyAction = defineAction({
  name: 'replies.save',
  input: ReviewReplySchema,
  auth: { can: 'reply:review' },
  // The reply shows under the review on the product page (and its API answer).
  invalidates: ['catalog'],
  run: (input, actor, access) => saveReply(input, actor.user?.id ?? null, access),
  message: 'backoffice.replies.saved',
  data: (r) => ({ id: r.id, reply: r.reply, reply_at: r.reply_at }),
});

/** Deletes the store's reply (`POST api/v1/seller/reviews/{id}/delete-reply`). */
export const deleteReplyAction = defineAction({
  name: 'replies.delete',
  input: ReviewIdSchema,
  auth: { can: 'reply:review' },
  invalidates: ['catalog'],
  run: (input, _actor, access) => deleteReply(input, access),
  message: 'backoffice.replies.deleted',
  data: (r) => ({ id: r.id, reply: null }),
});
