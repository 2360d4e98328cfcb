import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { removeCard } from '@/server/account/actions';

/** DELETE removes one of the user's cards (POST too, for a plain form); another user's card is 404. */
export const ALL = route({ DELETE: serveAction(removeCard), POST: serveAction(removeCard) });
