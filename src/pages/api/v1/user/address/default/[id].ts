import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { makeDefaultAddress } from '@/server/account/actions';

/** Makes one of the user's addresses the default of its kind. */
export const ALL = route({ POST: serveAction(makeDefaultAddress) });
