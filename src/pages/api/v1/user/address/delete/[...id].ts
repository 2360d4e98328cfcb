import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { deleteAddress } from '@/server/account/actions';

/** The spec's spelling `user/address/delete` (id in the path, the body or `?id=`); `user/address/{id}` stays. */
const remove = serveAction(deleteAddress, ({ url }) => (url.searchParams.get('id') ? { id: url.searchParams.get('id') } : {}));
export const ALL = route({ DELETE: remove, POST: remove });
