import { defineQuery } from '@/server/core/query';
import { ReviewsQuerySchema } from '@/lib/schemas/moderation';
import { listModeratedReviews } from '@/server/reviews/manage';

/** The reviews to moderate (`/admin/reviews`, `api/v1/admin/reviews`): reported first, with the list's filters. */
export const reviewsModerationList = defineQuery({
  name: 'reviews.moderation',
  input: ReviewsQuerySchema,
  auth: { can: 'update:content' },
  run: (input) => listModeratedReviews(input),
});
