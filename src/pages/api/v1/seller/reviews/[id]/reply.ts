import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveReplyAction } from '@/server/reviews/reply-actions';

/** POST `{reply}`: the store's one public reply to the review (writing again replaces it). */
export const ALL = route({ POST: serveAction(saveReplyAction) });
