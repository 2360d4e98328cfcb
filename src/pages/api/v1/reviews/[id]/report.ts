import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { reportReviewAction } from '@/server/reviews/actions';

/** A signed-in shopper reports a review to the moderators (once per shopper and review). */
export const ALL = route({ POST: serveAction(reportReviewAction) });
