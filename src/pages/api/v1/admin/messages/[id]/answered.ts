import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { markAnsweredAction } from '@/server/content/actions';

/** Marks the message answered (answered another way). */
export const ALL = route({ POST: serveAction(markAnsweredAction) });
