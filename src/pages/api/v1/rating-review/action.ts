import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveReviewAction } from '@/server/reviews/actions';

/** Multipart `{order_id, product_id, rating, review, images[], remove_images[]}` → the saved review; again → edited. */
export const ALL = route({ POST: serveAction(saveReviewAction) });
