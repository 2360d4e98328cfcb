import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteReplyAction } from '@/server/reviews/reply-actions';

/** POST: deletes the store's reply to the review. */
export const ALL = route({ POST: serveAction(deleteReplyAction) });
