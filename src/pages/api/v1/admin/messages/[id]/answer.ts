import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { answerMessageAction } from '@/server/content/actions';

/** Answers the message by mail `{answer}` and marks it answered. */
export const ALL = route({ POST: serveAction(answerMessageAction) });
