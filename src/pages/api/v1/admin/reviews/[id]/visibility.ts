import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { setReviewVisibilityAction } from '@/server/reviews/actions';

/** Hides (`{visible: false, reason}`) or shows (`{visible: true, reason?}`) a review; the author is mailed the reason. */
export const ALL = route({ POST: serveAction(setReviewVisibilityAction) });
