import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { removeCard } from '@/server/account/actions';

/** The spec's spelling `user/card/delete` (id in the path, the body or `?id=`); `user/card/{id}` stays. */
const remove = serveAction(removeCard, ({ url }) => (url.searchParams.get('id') ? { id: url.searchParams.get('id') } : {}));
export const ALL = route({ DELETE: remove, POST: remove });
