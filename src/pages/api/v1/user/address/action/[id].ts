import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { saveAddress } from '@/server/account/actions';

/** Updates one of the user's addresses (its kind stays); another user's address is 404. */
export const ALL = route({ POST: serveAction(saveAddress) });
